import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of a record's page: a region named by its h3 heading. */
export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography id={id} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
