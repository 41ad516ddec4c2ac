import { Slider, Stack, Typography } from '@mui/material';

/** A chart's exponential-moving-average smoothing (0: none, up to 0.99), its word beside it. */
export function SmoothingSlider({ value, onChange, label, width }: { value: number; onChange(value: number): void; label: string; width: number }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: width + 100 }}>
      <Typography variant="body2" color="text.secondary">
        Smoothing
      </Typography>
      <Slider
        size="small"
        min={0}
        max={0.99}
        step={0.01}
        value={value}
        onChange={(_event, next) => onChange(Array.isArray(next) ? (next[0] ?? 0) : next)}
        valueLabelDisplay="auto"
        aria-label={label}
        sx={{ width }}
      />
    </Stack>
  );
}
