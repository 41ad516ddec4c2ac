import { Chip, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import type { registryModelOverview } from '../../../../shared/api/registry.ts';
import { formatDateTime, formatRelativeTime } from '../../lib/format.ts';

/** One model of the registry list. */
type RegistryModelOverview = z.infer<typeof registryModelOverview>;

/** The address of a model's page. */
export const modelPath = (modelName: string): string => `/registry/${encodeURIComponent(modelName)}`;

/** The address of one version's page. */
export const versionPath = (modelName: string, version: string): string => `${modelPath(modelName)}/${encodeURIComponent(version)}`;

/** Stage names as small chips ("—" for none). */
export function StageChips({ stages }: { stages: readonly string[] }) {
  if (stages.length === 0) return <>—</>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {stages.map((stage) => (
        <Chip key={stage} size="small" color={stage === 'production' ? 'success' : 'default'} label={stage} />
      ))}
    </Stack>
  );
}

/** The registry models of a workspace: name, description, visibility, version count, latest version and its stages. */
export function ModelTable({ models }: { models: readonly RegistryModelOverview[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Registry models">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Visibility</TableCell>
            <TableCell align="right">Versions</TableCell>
            <TableCell>Latest version</TableCell>
            <TableCell>Its stages</TableCell>
            <TableCell>Last update</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {models.map((model) => (
            <TableRow key={model.registryModelId} hover>
              <TableCell>
                <Link component={RouterLink} to={modelPath(model.modelName)}>
                  {model.modelName}
                </Link>
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <Typography variant="body2" noWrap title={model.description}>
                  {model.description || '—'}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={model.isPublic ? 'warning' : 'default'} label={model.isPublic ? 'Public' : 'Private'} />
              </TableCell>
              <TableCell align="right">{model.numberOfVersions}</TableCell>
              <TableCell>{model.latestVersion?.version ?? '—'}</TableCell>
              <TableCell>
                <StageChips stages={model.latestVersion?.stages ?? []} />
              </TableCell>
              <TableCell>
                <Tooltip title={formatDateTime(model.lastUpdated)}>
                  <span>{formatRelativeTime(model.lastUpdated)}</span>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
