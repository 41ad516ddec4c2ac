import { Alert, Box, Button, Slider, Stack, TextField, MenuItem, Typography } from '@mui/material';
import type { EmptyReason } from './media-settings.ts';
import type { MediaPanelState } from './use-media-panel.ts';

/** The picker of the media name a panel shows, each name with how many runs logged it. */
export function MediaNamePicker({ label, value, names, onChange }: { label: string; value: string; names: MediaPanelState['names']; onChange(name: string): void }) {
  const offered = value === '' || names.some((one) => one.name === value) ? names : [{ name: value, runs: 0 }, ...names];
  return (
    <TextField select size="small" label={label} value={offered.length === 0 ? '' : value} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 180 }}>
      {offered.length === 0 && <MenuItem value="">None logged yet</MenuItem>}
      {offered.map((one) => (
        <MenuItem key={one.name} value={one.name}>
          {one.name} ({one.runs === 1 ? '1 run' : `${one.runs} runs`})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One slider over the steps any run logged, for all runs at once, and a "Latest" button that follows new steps. */
export function MediaStepSlider({ steps, shown, latest, onChange }: { steps: readonly number[]; shown: number | null; latest: boolean; onChange(step: number | null): void }) {
  if (steps.length === 0 || shown === null) return null;
  const index = Math.max(0, steps.indexOf(shown));
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 220, flexGrow: 1 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="media-step">
        Step {shown}
      </Typography>
      <Slider
        size="small"
        aria-label="Step"
        aria-valuetext={`Step ${shown}`}
        min={0}
        max={Math.max(0, steps.length - 1)}
        step={1}
        value={index}
        disabled={steps.length < 2}
        onChange={(_event, value) => onChange(steps[value as number] ?? null)}
      />
      <Button size="small" variant={latest ? 'contained' : 'outlined'} onClick={() => onChange(null)} aria-pressed={latest}>
        Latest
      </Button>
    </Stack>
  );
}

/** What a media panel says instead of its content (see `emptyReason`). */
export function MediaEmpty({ reason }: { reason: EmptyReason }) {
  return reason.error ? <Alert severity="error">{reason.text}</Alert> : <Typography color="text.secondary">{reason.text}</Typography>;
}

/** A note under a panel when the service left names or assets out past its bounds. */
export function TruncatedNote({ state }: { state: MediaPanelState }) {
  return state.truncated ? (
    <Box>
      <Typography variant="caption" color="text.secondary">
        Some names or steps are left out (too many to list at once): filter the table to narrow the runs.
      </Typography>
    </Box>
  ) : null;
}
