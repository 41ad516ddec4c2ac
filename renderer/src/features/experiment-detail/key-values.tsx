import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One labelled value; null, undefined and empty values show as a dash. */
type KeyValue = [label: string, value: ReactNode];

const shown = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

/** A two-column list of labelled values (a description list, read well by screen readers). */
export function KeyValues({ items, label }: { items: readonly KeyValue[]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', columnGap: 3, rowGap: 0.75, m: 0 }}
    >
      {items.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {shown(value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
