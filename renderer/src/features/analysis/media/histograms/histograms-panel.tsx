import BarChartIcon from '@mui/icons-material/BarChart';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { histogramsPanelSettings } from '../../../../../../shared/api/media-panels.ts';
import { seriesColor } from '../../../logged-data/chart-options.ts';
import type { PanelKindEntry, PanelProps } from '../../panel-types.ts';
import { MediaEmpty, MediaNamePicker, MediaStepSlider, TruncatedNote } from '../media-panel-parts.tsx';
import { emptyReason, readSettings } from '../media-settings.ts';
import { useMediaPanel } from '../use-media-panel.ts';
import { useRunTexts } from '../use-run-texts.ts';
import { histogramRuns, type HistogramBar } from './histogram-bars.ts';

const WIDTH = 220;
const HEIGHT = 100;

/** A value as a bin edge reads. */
const edge = (value: number) => (Number.isFinite(value) ? Number(value.toPrecision(3)).toString() : value > 0 ? '∞' : '−∞');

/** One run's histogram as bars in its run colour, its value range under it. */
function HistogramBars({ bars, colour, label }: { bars: readonly HistogramBar[]; colour: string; label: string }) {
  const highest = Math.max(1, ...bars.map((bar) => bar.count));
  const width = WIDTH / Math.max(1, bars.length);
  return (
    <>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={label}>
        {bars.map((bar, index) => {
          const height = (bar.count / highest) * (HEIGHT - 2);
          return (
            <rect key={index} x={index * width} y={HEIGHT - height} width={Math.max(1, width - 1)} height={height} fill={colour} data-range={`${bar.low},${bar.high}`} data-count={bar.count}>
              <title>{`[${edge(bar.low)}, ${edge(bar.high)}): ${bar.count}`}</title>
            </rect>
          );
        })}
      </svg>
      <Stack direction="row" sx={{ justifyContent: 'space-between', width: WIDTH }}>
        <Typography variant="caption">{edge(bars[0]?.low ?? 0)}</Typography>
        <Typography variant="caption">{edge(bars.at(-1)?.high ?? 0)}</Typography>
      </Stack>
    </>
  );
}

/** One histogram3d name of the selected runs, a histogram per run at one step (each run's latest by default). */
function HistogramsPanel({ projectId, query, panelId, settings: raw, onSettingsChange }: PanelProps) {
  const settings = useMemo(() => readSettings(histogramsPanelSettings, raw), [raw]);
  const set = useCallback((patch: Partial<typeof settings>) => onSettingsChange({ ...settings, ...patch }), [settings, onSettingsChange]);
  const onFirstName = useCallback((name: string) => set({ name }), [set]);
  const state = useMediaPanel({ projectId, query, panelId, type: 'histogram3d', name: settings.name, step: settings.step, onFirstName });
  const texts = useRunTexts(state.mediaRuns, settings.step === null ? null : state.shown);
  const model = useMemo(() => histogramRuns(state.runs, texts), [state.runs, texts]);
  const empty = emptyReason(state, 'a histogram', settings.name);
  const loading = state.loading || model.pending > 0;
  return (
    <Stack spacing={1} data-testid="histograms-panel" data-state={loading ? 'loading' : 'ready'} data-name={settings.name} data-histograms={model.shown.length}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <MediaNamePicker label="Histogram" value={settings.name} names={state.names} onChange={(name) => set({ name })} />
        {loading && <CircularProgress size={16} aria-label="Loading the histograms" />}
      </Stack>
      <MediaStepSlider steps={state.steps} shown={state.shown} latest={settings.step === null} onChange={(step) => set({ step })} />
      {empty ? (
        <MediaEmpty reason={empty} />
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {model.shown.map(({ run, step, value }) => (
            <Box key={run.key} component="figure" aria-label={run.name} data-run={run.key} data-step={step} sx={{ m: 0 }}>
              <Typography component="figcaption" variant="body2" sx={{ fontWeight: 500 }}>
                {run.name} · step {step} · {value.reduce((sum, bar) => sum + bar.count, 0).toLocaleString()} values
              </Typography>
              <HistogramBars bars={value} colour={seriesColor(run.colour)} label={`${settings.name} of ${run.name} at step ${step}`} />
            </Box>
          ))}
        </Box>
      )}
      {model.failures.map((failure) => (
        <Typography key={failure.run.key} variant="body2" color="error">
          {failure.run.name}: {failure.reason}
        </Typography>
      ))}
      <TruncatedNote state={state} />
    </Stack>
  );
}

/** The histograms panel as the "Add panel" menu offers it. */
export const histogramsPanelKind: PanelKindEntry = {
  kind: 'media-histograms',
  label: 'Histograms',
  description: 'One histogram name per run, at its latest step or a chosen one',
  icon: <BarChartIcon fontSize="small" />,
  component: HistogramsPanel,
  defaults: histogramsPanelSettings.parse({}),
};
