import { Box, Stack, Typography, useTheme } from '@mui/material';
import { extent, linearScale, niceTicks, tickLabel, type ChartAxis, type PlotSeries } from './chart-data.ts';

const WIDTH = 800;
const HEIGHT = 320;
const MARGIN = { top: 12, right: 16, bottom: 36, left: 64 };
/** Colours told apart by most forms of colour blindness (Okabe–Ito). */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

/** The colour of the n-th series. */
const seriesColor = (index: number): string => PALETTE[index % PALETTE.length] ?? '#0072B2';

/** Several metrics overlaid in one SVG line chart, x by step or by time, with a legend. */
export function LineChart({ series, axis, title }: { series: readonly PlotSeries[]; axis: ChartAxis; title: string }) {
  const theme = useTheme();
  const bounds = extent(series);
  if (!bounds) return <Typography color="text.secondary">No numeric points to draw{axis === 'step' ? ' by step' : ''}.</Typography>;
  const x = linearScale(bounds.x, [MARGIN.left, WIDTH - MARGIN.right]);
  const y = linearScale(bounds.y, [HEIGHT - MARGIN.bottom, MARGIN.top]);
  const xTicks = niceTicks(bounds.x[0], bounds.x[1], 6);
  const yTicks = niceTicks(bounds.y[0], bounds.y[1], 5);
  const ink = theme.palette.text.secondary;
  const grid = theme.palette.divider;
  return (
    <Box>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={title} style={{ maxHeight: 360, display: 'block' }}>
        {yTicks.map((tick) => (
          <g key={`y${tick}`}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={grid} />
            <text x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" fontSize={11} fill={ink}>
              {tickLabel(tick, 'value')}
            </text>
          </g>
        ))}
        {xTicks.map((tick) => (
          <text key={`x${tick}`} x={x(tick)} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle" fontSize={11} fill={ink}>
            {tickLabel(tick, axis)}
          </text>
        ))}
        <text x={(MARGIN.left + WIDTH - MARGIN.right) / 2} y={HEIGHT - 4} textAnchor="middle" fontSize={11} fill={ink}>
          {axis === 'step' ? 'Step' : 'Time'}
        </text>
        <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} stroke={ink} />
        <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={HEIGHT - MARGIN.bottom} y2={HEIGHT - MARGIN.bottom} stroke={ink} />
        {series.map((one, index) =>
          one.points.length === 1 ? (
            <circle key={one.name} cx={x(one.points[0]?.[0] ?? 0)} cy={y(one.points[0]?.[1] ?? 0)} r={3} fill={seriesColor(one.colorIndex ?? index)} />
          ) : (
            <polyline
              key={one.name}
              fill="none"
              stroke={seriesColor(one.colorIndex ?? index)}
              strokeWidth={1.5}
              points={one.points.map(([px, py]) => `${x(px).toFixed(1)},${y(py).toFixed(1)}`).join(' ')}
            />
          ),
        )}
      </svg>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label="Legend">
        {series.map((one, index) => (
          <Stack key={one.name} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 3, bgcolor: seriesColor(one.colorIndex ?? index) }} />
            <Typography variant="body2">
              {one.name} ({one.points.length} points)
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
