import { Alert, Box, Button, CircularProgress, FormControlLabel, Stack, Switch, Typography, useTheme } from '@mui/material';
import { useMemo, useState } from 'react';
import uPlot from 'uplot';
import type { ChartAxis } from './chart-data.ts';
import { ChartLegend, type LegendLine } from './chart-legend.tsx';
import { chartOptions, type ChartEvents } from './chart-options.ts';
import { linePoints, smooth, summarise } from './series-data.ts';
import { SmoothingSlider } from './smoothing-slider.tsx';
import { UPlotChart } from './uplot-chart.tsx';
import { useMetricSeries, type SeriesSource, type XRange } from './use-metric-series.ts';

const HEIGHT = 320;

/** The lines drawn: smoothed as asked, without points a log scale cannot show. */
function drawable(lines: readonly LegendLine[], smoothing: number, logScale: boolean): uPlot.AlignedData {
  const tables = lines.map(({ points }): uPlot.AlignedData => {
    const y = smooth(points.y, smoothing);
    return [points.x, logScale ? y.map((value) => (value > 0 ? value : null)) : y];
  });
  return tables.length > 1 ? uPlot.join(tables) : (tables[0] ?? [[]]);
}

/**
 * A chart of one or more metric series (of one or several experiments), each read downsampled on the service:
 * drag to zoom (the range is read again at full resolution), double-click or "Reset zoom" to go back, hover for
 * values, EMA smoothing and a log scale. Live points reach it through the query cache (appended with setData).
 */
export function MetricChart({ sources, axis, title }: { sources: readonly SeriesSource[]; axis: ChartAxis; title: string }) {
  const theme = useTheme();
  const [zoom, setZoom] = useState<{ axis: ChartAxis; range: XRange } | null>(null);
  const range = zoom?.axis === axis ? zoom.range : null;
  const [smoothing, setSmoothing] = useState(0);
  const [logScale, setLogScale] = useState(false);
  const [hoverX, setHoverX] = useState<number | null>(null);
  const reads = useMetricSeries(sources, axis, range);
  const sourcesKey = sources.map((source) => [source.experimentKey, source.metricName, source.label, source.colorIndex].join('\u0000')).join('\u0001');
  const lines = useMemo(
    () =>
      sources.flatMap((source, index): LegendLine[] => {
        const reply = reads.replies[index];
        return reply && reply.total > 0 ? [{ name: source.label, colorIndex: source.colorIndex, points: linePoints(reply), summary: summarise(reply) }] : [];
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the sources as listed, not the array's identity
    [sourcesKey, reads.replies],
  );
  const lineKey = lines.map((line) => `${line.name}\u0000${line.colorIndex}`).join('\u0001');
  const options = useMemo(
    () => {
      const look = { lines: lines.map(({ name, colorIndex }) => ({ name, colorIndex })), axis, logScale, ink: theme.palette.text.secondary, grid: theme.palette.divider };
      const events: ChartEvents = { onZoom: (from, to) => to >= 0 && setZoom({ axis, range: [Math.max(0, from), to] }), onResetZoom: () => setZoom(null), onHover: setHoverX };
      return chartOptions(look, events);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt only when the set of lines changes, not their points
    [lineKey, axis, logScale, theme.palette.text.secondary, theme.palette.divider],
  );
  const data = useMemo(() => drawable(lines, smoothing, logScale), [lines, smoothing, logScale]);
  const failures = reads.errors.map((error) => error.message);
  const loading = reads.pending;
  return (
    <Box>
      <Stack direction="row" spacing={3} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <SmoothingSlider value={smoothing} onChange={setSmoothing} label={`Smoothing of ${title}`} width={140} />
        <FormControlLabel control={<Switch size="small" checked={logScale} onChange={(event) => setLogScale(event.target.checked)} />} label="Log scale" />
        {range && (
          <Button size="small" onClick={() => setZoom(null)}>
            Reset zoom
          </Button>
        )}
        {range && (
          <Typography variant="body2" color="text.secondary">
            Zoomed to {axis === 'step' ? `steps ${range[0]}–${range[1]}` : `${new Date(range[0]).toLocaleTimeString()}–${new Date(range[1]).toLocaleTimeString()}`}
          </Typography>
        )}
      </Stack>
      {failures.length > 0 && <Alert severity="error">Cannot load the chart: {failures.join('; ')}</Alert>}
      {loading && lines.length === 0 && <CircularProgress aria-label="Loading the chart" />}
      {!loading && lines.length === 0 && failures.length === 0 && (
        <Typography color="text.secondary">No numeric points to draw{axis === 'step' ? ' by step' : ''}.</Typography>
      )}
      {lines.length > 0 && <UPlotChart options={options} data={data} xRange={range ?? undefined} height={HEIGHT} label={title} />}
      {lines.length > 0 && <ChartLegend lines={lines} axis={axis} hoverX={hoverX} />}
    </Box>
  );
}
