import { Box, Typography } from '@mui/material';
import { metadataEntries } from './asset-picks.ts';

/** An asset's user metadata as "key: value" lines (text, never markup); nothing when there is none. */
export function MetadataList({ metadata, label }: { metadata: string | null; label: string }) {
  const entries = metadataEntries(metadata);
  if (entries.length === 0) return null;
  return (
    <Box component="dl" aria-label={label} sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, fontSize: 13 }}>
      {entries.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{key}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}
