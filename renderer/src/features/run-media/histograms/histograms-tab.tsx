import { Alert, CircularProgress, Slider, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { HISTOGRAM_KIND, histogramHeatmap, parseHistogram3d, type Histogram3d } from '../../../../../shared/media/histogram3d.ts';
import { DetailSection } from '../../experiment-detail/detail-section.tsx';
import { CannotDisplay } from '../chart-media/cannot-display.tsx';
import { initialStepIndex, stepLabel, type MediaSeries } from '../chart-media/media-series.ts';
import { useDecodedSeries } from '../chart-media/use-decoded-asset.ts';
import { useMediaSeries } from '../chart-media/use-media-series.ts';
import { HistogramHeatmapCanvas } from './histogram-heatmap.tsx';
import { StepHistogram } from './step-histogram.tsx';
import type { MediaTabProps } from '../media-focus.ts';

/** The decoded steps of one name, in step order (steps logged without a step count as step 0). */
interface DecodedSteps {
  readonly steps: readonly { readonly step: number; readonly histogram: Histogram3d }[];
}

/** One histogram name: every step read and decoded, the heatmap of steps × values, and one step's histogram below. */
function HistogramName({ series, experimentKey, focusStep }: { series: MediaSeries; experimentKey: string; focusStep: number | undefined }) {
  const assets = useMemo(() => series.steps.map((one) => one.asset), [series]);
  const reads = useDecodedSeries(experimentKey, assets, HISTOGRAM_KIND, parseHistogram3d);
  const decoded = useMemo((): DecodedSteps => {
    const steps = (reads.decoded ?? []).flatMap((result, index) => {
      const one = series.steps[index];
      return result.ok && one ? [{ step: one.step ?? 0, histogram: result.value }] : [];
    });
    return { steps };
  }, [series, reads.decoded]);
  const heatmap = useMemo(() => histogramHeatmap(decoded.steps), [decoded]);
  const [kept, setKept] = useState(() => {
    const index = initialStepIndex(series, focusStep);
    return series.steps[index]?.step ?? null;
  });
  const [hovered, setHovered] = useState<number | null>(null);
  const shownStep = hovered ?? kept;
  const row = Math.max(0, heatmap.steps.findIndex((step) => step === (shownStep ?? 0)));
  const shown = decoded.steps.find((one) => one.step === heatmap.steps[row]);
  const refusedIndex = (reads.decoded ?? []).findIndex((result) => !result.ok);
  const refused = reads.decoded?.[refusedIndex];
  const refusedAsset = series.steps[refusedIndex]?.asset;
  return (
    <DetailSection id={`histogram-${series.name.replace(/\W+/g, '-')}`} title={series.name}>
      <Stack spacing={2}>
        {reads.decoded?.length !== series.steps.length && (
          <Typography color="text.secondary" role="status">
            Reading {reads.read} of {series.steps.length} steps…
          </Typography>
        )}
        {reads.error && <Alert severity="error">Cannot read the steps: {reads.error.message}</Alert>}
        {refused && !refused.ok && refusedAsset && <CannotDisplay error={refused.error} asset={refusedAsset} experimentKey={experimentKey} />}
        {heatmap.steps.length > 0 && (
          <>
            <HistogramHeatmapCanvas
              heatmap={heatmap}
              selectedRow={row}
              label={`Histogram ${series.name} over ${heatmap.steps.length} steps`}
              onRow={(index, keep) => {
                const step = heatmap.steps[index] ?? null;
                if (keep) setKept(step);
                setHovered(keep ? null : step);
              }}
            />
            {heatmap.steps.length > 1 && (
              <Slider
                aria-label={`Step of ${series.name}`}
                min={0}
                max={heatmap.steps.length - 1}
                value={row}
                valueLabelDisplay="auto"
                valueLabelFormat={(index) => stepLabel(heatmap.steps[index] ?? null)}
                getAriaValueText={(index) => stepLabel(heatmap.steps[index] ?? null)}
                onChange={(_event, index) => {
                  setHovered(null);
                  setKept(heatmap.steps[index as number] ?? null);
                }}
                onMouseLeave={() => setHovered(null)}
              />
            )}
            {shown && (
              <>
                <Typography variant="subtitle2">
                  {series.name} at {stepLabel(shown.step)}
                </Typography>
                <StepHistogram histogram={shown.histogram} label={`Histogram ${series.name} at step ${shown.step}`} />
              </>
            )}
          </>
        )}
      </Stack>
    </DetailSection>
  );
}

/** The run page's "Histograms" tab: each `histogram3d` name as a distribution over its steps (the SDK's bins decoded exactly). */
export function HistogramsTab({ experimentKey, focus }: MediaTabProps) {
  const { series, error } = useMediaSeries(experimentKey, 'histogram3d');
  if (error) return <Alert severity="error">Cannot load the histograms: {error.message}</Alert>;
  if (!series) return <CircularProgress aria-label="Loading the histograms" />;
  if (series.length === 0) return <Typography color="text.secondary">No histogram logged.</Typography>;
  const ordered = focus?.name ? [...series].sort((a, b) => Number(b.name === focus.name) - Number(a.name === focus.name)) : series;
  return (
    <Stack spacing={4}>
      {ordered.map((one) => (
        <HistogramName key={one.name} series={one} experimentKey={experimentKey} focusStep={one.name === focus?.name ? focus.step : undefined} />
      ))}
    </Stack>
  );
}
