import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import { seriesColor } from '../../logged-data/chart-options.ts';
import type { ChartLine } from './line-model.ts';

/** Legend entries shown at most (the chart draws every line). */
const MAX_ENTRIES = 24;

/** The chart's legend: each line's colour and label (a group's with its run count); a click selects its runs. */
export function LineLegend({ lines, highlighted, onPick }: { lines: readonly ChartLine[]; highlighted: ReadonlySet<number>; onPick(index: number): void }) {
  return (
    <Stack direction="row" useFlexGap spacing={1.5} aria-label="Legend" sx={{ flexWrap: 'wrap', mt: 1 }}>
      {lines.slice(0, MAX_ENTRIES).map((line, index) => (
        <ButtonBase key={`${index}:${line.label}`} onClick={() => onPick(index)} aria-pressed={highlighted.has(index)} sx={{ gap: 0.5, borderRadius: 1, px: 0.5 }}>
          <Box component="span" sx={{ width: 12, height: 3, bgcolor: seriesColor(index) }} />
          <Typography variant="caption" sx={{ fontWeight: highlighted.has(index) ? 700 : 400 }}>
            {line.band ? `${line.label} · ${line.keys.length} ${line.keys.length === 1 ? 'run' : 'runs'}` : line.label}
          </Typography>
        </ButtonBase>
      ))}
      {lines.length > MAX_ENTRIES && (
        <Typography variant="caption" color="text.secondary">
          and {lines.length - MAX_ENTRIES} more
        </Typography>
      )}
    </Stack>
  );
}
