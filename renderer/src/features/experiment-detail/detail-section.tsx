import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of an experiment's section: a region named by its h3 heading (`<id>-heading`). */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Typography id={`${id}-heading`} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </section>
  );
}
