import { Box, Stack, Typography } from '@mui/material';
import { plural } from '../../lib/format.ts';
import type { ChartAxis } from './chart-data.ts';
import { seriesColor } from './chart-options.ts';
import type { LinePoints, LineSummary } from './series-data.ts';

/** A line as the legend shows it: name, colour, drawn points, summary. */
export interface LegendLine {
  name: string;
  colorIndex: number;
  points: LinePoints;
  summary: LineSummary;
}

/** A number shown compactly (four significant digits). */
const short = (value: number | null) => (value === null ? '—' : String(Number(value.toPrecision(4))));

/** The x shown in words: a step, or a time of day. */
const xLabel = (x: number, axis: ChartAxis) => (axis === 'step' ? `step ${Math.round(x)}` : new Date(x).toLocaleTimeString());

/** The drawn value of a line at x: the one of the nearest point at or before it. */
function valueAt(points: LinePoints, x: number): number | null {
  let low = 0;
  let high = points.x.length - 1;
  if (high < 0 || (points.x[0] ?? Infinity) > x) return null;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((points.x[middle] ?? Infinity) <= x) low = middle;
    else high = middle - 1;
  }
  return points.y[low] ?? null;
}

/** The legend, which is also the chart's text alternative: per line its points, last, least and greatest value, and the value under the cursor. */
export function ChartLegend({ lines, axis, hoverX }: { lines: readonly LegendLine[]; axis: ChartAxis; hoverX: number | null }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label="Legend">
      {lines.map((line) => (
        <Stack key={line.name} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 14, height: 3, bgcolor: seriesColor(line.colorIndex) }} />
          <Typography variant="body2">
            {line.name} ({plural(line.summary.points, 'point')})
            <Typography component="span" variant="body2" color="text.secondary">
              {` last ${short(line.summary.last)}, min ${short(line.summary.min)}, max ${short(line.summary.max)}`}
              {hoverX !== null && `; at ${xLabel(hoverX, axis)}: ${short(valueAt(line.points, hoverX))}`}
            </Typography>
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
