import { MenuItem, TextField } from '@mui/material';
import type { MediaSeries } from './media-series.ts';

/** Chooses one of the logged names of a kind (shown only when there are several). */
export function NamePicker({ series, name, onName, label }: { series: readonly MediaSeries[]; name: string; onName(name: string): void; label: string }) {
  if (series.length < 2) return null;
  return (
    <TextField select size="small" label={label} value={name} onChange={(event) => onName(event.target.value)} sx={{ minWidth: 200 }}>
      {series.map((one) => (
        <MenuItem key={one.name} value={one.name}>
          {one.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
