import MultilineChartIcon from '@mui/icons-material/MultilineChart';
import { Box, CircularProgress, Stack, Typography, useTheme } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { curvesPanelSettings } from '../../../../../../shared/api/media-panels.ts';
import { seriesColor } from '../../../logged-data/chart-options.ts';
import type { PanelKindEntry, PanelProps } from '../../panel-types.ts';
import { MediaEmpty, MediaNamePicker, MediaStepSlider, TruncatedNote } from '../media-panel-parts.tsx';
import { emptyReason, readSettings } from '../media-settings.ts';
import { useMediaPanel } from '../use-media-panel.ts';
import { useRunTexts } from '../use-run-texts.ts';
import { curveChart, type CurveChart } from './curve-lines.ts';

const WIDTH = 480;
const HEIGHT = 280;
const PAD = 36;

/** A number as an axis shows it. */
const tick = (value: number) => (Math.abs(value) >= 1000 || (value !== 0 && Math.abs(value) < 0.01) ? value.toExponential(1) : String(Number(value.toFixed(3))));

/** The lines of `chart` drawn over a common x and y extent, a line per run in its run colour. */
function CurvesPlot({ chart, name }: { chart: CurveChart; name: string }) {
  const theme = useTheme();
  const extent = chart.extent;
  if (!extent) return null;
  const xSpan = extent.xMax - extent.xMin || 1;
  const ySpan = extent.yMax - extent.yMin || 1;
  const px = (x: number) => PAD + ((x - extent.xMin) / xSpan) * (WIDTH - 2 * PAD);
  const py = (y: number) => HEIGHT - PAD - ((y - extent.yMin) / ySpan) * (HEIGHT - 2 * PAD);
  const ink = theme.palette.text.secondary;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={`Curves ${name} of ${chart.lines.length} runs`} style={{ maxWidth: WIDTH * 1.5 }}>
      <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke={ink} />
      <line x1={PAD} y1={PAD} x2={PAD} y2={HEIGHT - PAD} stroke={ink} />
      <text x={PAD} y={HEIGHT - PAD + 14} fontSize={10} fill={ink}>{tick(extent.xMin)}</text>
      <text x={WIDTH - PAD} y={HEIGHT - PAD + 14} fontSize={10} fill={ink} textAnchor="end">{tick(extent.xMax)}</text>
      <text x={PAD - 4} y={HEIGHT - PAD} fontSize={10} fill={ink} textAnchor="end">{tick(extent.yMin)}</text>
      <text x={PAD - 4} y={PAD + 4} fontSize={10} fill={ink} textAnchor="end">{tick(extent.yMax)}</text>
      {chart.lines.map((line) => (
        <polyline
          key={line.run.key}
          data-run={line.run.key}
          data-points={line.points.map((point) => `${point.x},${point.y}`).join(' ')}
          points={line.points.map((point) => `${px(point.x)},${py(point.y)}`).join(' ')}
          fill="none"
          stroke={seriesColor(line.run.colour)}
          strokeWidth={1.5}
        >
          <title>{`${line.run.name} (step ${line.step})`}</title>
        </polyline>
      ))}
    </svg>
  );
}

/** One curve name of the selected runs overlaid: a line per run in its run colour, at one step (each run's latest by default). */
function CurvesPanel({ projectId, query, panelId, settings: raw, onSettingsChange }: PanelProps) {
  const settings = useMemo(() => readSettings(curvesPanelSettings, raw), [raw]);
  const set = useCallback((patch: Partial<typeof settings>) => onSettingsChange({ ...settings, ...patch }), [settings, onSettingsChange]);
  const onFirstName = useCallback((name: string) => set({ name }), [set]);
  const state = useMediaPanel({ projectId, query, panelId, type: 'curve', name: settings.name, step: settings.step, onFirstName });
  const texts = useRunTexts(state.mediaRuns, settings.step === null ? null : state.shown);
  const chart = useMemo(() => curveChart(state.runs, texts), [state.runs, texts]);
  const empty = emptyReason(state, 'a curve', settings.name);
  const loading = state.loading || chart.pending > 0;
  return (
    <Stack spacing={1} data-testid="curves-panel" data-state={loading ? 'loading' : 'ready'} data-name={settings.name} data-lines={chart.lines.length}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <MediaNamePicker label="Curve" value={settings.name} names={state.names} onChange={(name) => set({ name })} />
        {loading && <CircularProgress size={16} aria-label="Loading the curves" />}
      </Stack>
      <MediaStepSlider steps={state.steps} shown={state.shown} latest={settings.step === null} onChange={(step) => set({ step })} />
      {empty ? <MediaEmpty reason={empty} /> : <CurvesPlot chart={chart} name={settings.name} />}
      <Box component="ul" aria-label="Curves by run" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {chart.lines.map((line) => (
          <Typography component="li" variant="body2" key={line.run.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box component="span" sx={{ width: 12, height: 3, bgcolor: seriesColor(line.run.colour), display: 'inline-block' }} />
            {line.run.name} · step {line.step}
            {line.area !== undefined && ` · AUC ${line.area.toFixed(3)}`}
          </Typography>
        ))}
      </Box>
      {chart.failures.map((failure) => (
        <Typography key={failure.run.key} variant="body2" color="error">
          {failure.run.name}: {failure.reason}
        </Typography>
      ))}
      <TruncatedNote state={state} />
    </Stack>
  );
}

/** The curves-overlaid panel as the "Add panel" menu offers it. */
export const curvesPanelKind: PanelKindEntry = {
  kind: 'media-curves',
  label: 'Curves overlaid',
  description: 'One curve name (ROC, PR …), a line per run',
  icon: <MultilineChartIcon fontSize="small" />,
  component: CurvesPanel,
  defaults: curvesPanelSettings.parse({}),
};
