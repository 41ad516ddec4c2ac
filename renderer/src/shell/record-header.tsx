import { Box, Breadcrumbs, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** Props of RecordHeader: where the record is listed, its name, visibility, a short summary and its action buttons. */
interface RecordHeaderProps {
  /** The route of the list the record belongs to, e.g. "/projects". */
  listPath: string;
  /** The breadcrumb's link text, e.g. "Projects in default". */
  listLabel: string;
  name: string;
  isPublic: boolean;
  summary: ReactNode;
  /** The record's action buttons, at the end of the title row. */
  children: ReactNode;
}

/** The top of one record's page (a project, a registry model): breadcrumb, name as heading, visibility, summary and actions. */
export function RecordHeader({ listPath, listLabel, name, isPublic, summary, children }: RecordHeaderProps) {
  return (
    <>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={listPath}>
          {listLabel}
        </Link>
        <Typography color="text.primary">{name}</Typography>
      </Breadcrumbs>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {name}
        </Typography>
        <Chip size="small" variant="outlined" label={isPublic ? 'Public' : 'Private'} />
        <Typography variant="body2" color="text.secondary">
          {summary}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {children}
      </Stack>
    </>
  );
}
