import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { SmoothingSlider } from '../../logged-data/smoothing-slider.tsx';
import type { LineAxis, LineSettings } from './line-model.ts';

/** The project's metric and parameter names (for the pickers). */
export interface ColumnNames {
  metrics: readonly string[];
  params: readonly string[];
}

/** The line chart's settings: metric, grouping, band, smoothing, axis, log scale, and the table toggle. */
export function LineSettingsBar({
  settings,
  names,
  onChange,
  asTable,
  onAsTable,
}: {
  settings: LineSettings;
  names: ColumnNames;
  onChange(next: LineSettings): void;
  asTable: boolean;
  onAsTable(on: boolean): void;
}) {
  const set = (patch: Partial<LineSettings>) => onChange({ ...settings, ...patch });
  const metrics = names.metrics.includes(settings.metric) || settings.metric === '' ? names.metrics : [settings.metric, ...names.metrics];
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      <TextField select size="small" label="Metric" value={settings.metric} onChange={(event) => set({ metric: event.target.value })} sx={{ minWidth: 140 }}>
        {metrics.length === 0 && <MenuItem value="">No metric logged yet</MenuItem>}
        {metrics.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label="Group by" value={settings.groupBy} onChange={(event) => set({ groupBy: event.target.value })} sx={{ minWidth: 140 }}>
        <MenuItem value="">Nothing (a line per run)</MenuItem>
        <MenuItem value="tags">Tags</MenuItem>
        {names.params.map((name) => (
          <MenuItem key={name} value={`param:${name}`}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      {settings.groupBy !== '' && (
        <TextField select size="small" label="Band" value={settings.band} onChange={(event) => set({ band: event.target.value === 'std' ? 'std' : 'minmax' })}>
          <MenuItem value="minmax">Min–max</MenuItem>
          <MenuItem value="std">±1 standard deviation</MenuItem>
        </TextField>
      )}
      <TextField select size="small" label="X axis" value={settings.axis} onChange={(event) => set({ axis: event.target.value as LineAxis })}>
        <MenuItem value="step">Step</MenuItem>
        <MenuItem value="relative">Relative time</MenuItem>
        <MenuItem value="time">Wall-clock time</MenuItem>
      </TextField>
      <SmoothingSlider value={settings.smoothing} onChange={(smoothing) => set({ smoothing })} label="Smoothing" width={110} />
      <FormControlLabel control={<Switch size="small" checked={settings.logY} onChange={(event) => set({ logY: event.target.checked })} />} label="Log scale" />
      <FormControlLabel control={<Switch size="small" checked={asTable} onChange={(event) => onAsTable(event.target.checked)} />} label="Show as table" />
    </Stack>
  );
}
