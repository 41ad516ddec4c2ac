import { Alert, CircularProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { CURVE_KIND, parseCurve, sortedCurvePoints, type Curve } from '../../../../../shared/media/curve.ts';
import { DetailSection } from '../../experiment-detail/detail-section.tsx';
import { CannotDisplay } from '../chart-media/cannot-display.tsx';
import { stepLabel, type MediaSeries } from '../chart-media/media-series.ts';
import { useDecodedSeries } from '../chart-media/use-decoded-asset.ts';
import { useMediaSeries } from '../chart-media/use-media-series.ts';
import { CurveChart, type DrawnCurve } from './curve-chart.tsx';
import { formatArea, summariseCurve } from './curve-summary.ts';
import type { MediaTabProps } from '../media-focus.ts';

/** The "all steps" choice of the step picker. */
const ALL = 'all';

/** One decoded step of a curve name. */
interface CurveStep {
  readonly step: number | null;
  readonly curve: Curve;
}

/** One curve name: a chart of all its steps overlaid (or one), the area under each where it is a ROC or PR curve, and the points of the step chosen. */
function CurveName({ series, experimentKey, focusStep }: { series: MediaSeries; experimentKey: string; focusStep: number | undefined }) {
  const assets = useMemo(() => series.steps.map((one) => one.asset), [series]);
  const reads = useDecodedSeries(experimentKey, assets, CURVE_KIND, parseCurve);
  const steps = useMemo(
    (): CurveStep[] =>
      (reads.decoded ?? []).flatMap((result, index) => {
        const one = series.steps[index];
        return result.ok && one ? [{ step: one.step, curve: result.value }] : [];
      }),
    [series, reads.decoded],
  );
  const [chosen, setChosen] = useState<string>(focusStep === undefined ? ALL : String(focusStep));
  const shown = useMemo(() => (chosen === ALL ? steps : steps.filter((one) => String(one.step) === chosen)), [steps, chosen]);
  const drawn = useMemo(
    (): DrawnCurve[] => shown.map((one, index) => ({ label: stepLabel(one.step), colorIndex: index, points: sortedCurvePoints(one.curve) })),
    [shown],
  );
  const last = shown.at(-1);
  const summary = last ? summariseCurve(last.curve) : undefined;
  const refusedIndex = (reads.decoded ?? []).findIndex((result) => !result.ok);
  const refused = reads.decoded?.[refusedIndex];
  const refusedAsset = series.steps[refusedIndex]?.asset;
  const id = `curve-${series.name.replace(/\W+/g, '-')}`;
  return (
    <DetailSection id={id} title={series.name}>
      <Stack spacing={2}>
        {reads.decoded?.length !== series.steps.length && <CircularProgress size={20} aria-label={`Loading the curve ${series.name}`} />}
        {reads.error && <Alert severity="error">Cannot read the curve: {reads.error.message}</Alert>}
        {refused && !refused.ok && refusedAsset && <CannotDisplay error={refused.error} asset={refusedAsset} experimentKey={experimentKey} />}
        {steps.length > 1 && (
          <TextField select size="small" label={`Steps of ${series.name}`} value={chosen} onChange={(event) => setChosen(event.target.value)} sx={{ maxWidth: 220 }}>
            <MenuItem value={ALL}>All steps</MenuItem>
            {steps.map((one) => (
              <MenuItem key={String(one.step)} value={String(one.step)}>
                {stepLabel(one.step)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {summary && drawn.length > 0 && <CurveChart curves={drawn} label={`Curve ${series.name}`} xLabel={summary.xLabel} yLabel={summary.yLabel} />}
        {summary?.kind && (
          <Table size="small" aria-label={`Area under ${series.name}`} sx={{ maxWidth: 420 }}>
            <TableHead>
              <TableRow>
                <TableCell>Step</TableCell>
                <TableCell align="right">{summary.areaName}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((one) => (
                <TableRow key={String(one.step)}>
                  <TableCell>{stepLabel(one.step)}</TableCell>
                  <TableCell align="right">{formatArea(summariseCurve(one.curve).area ?? 0)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {last && (
          <Table size="small" aria-label={`Points of ${series.name} at ${stepLabel(last.step)}`} sx={{ maxWidth: 420 }}>
            <TableHead>
              <TableRow>
                <TableCell>{summary?.xLabel ?? 'x'}</TableCell>
                <TableCell align="right">{summary?.yLabel ?? 'y'}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sortedCurvePoints(last.curve).map((point, index) => (
                <TableRow key={index}>
                  <TableCell>{point.x}</TableCell>
                  <TableCell align="right">{point.y}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
    </DetailSection>
  );
}

/** The run page's "Curves" tab: each curve name as a chart (all steps or one), with the area under it for ROC and PR curves. */
export function CurvesTab({ experimentKey, focus }: MediaTabProps) {
  const { series, error } = useMediaSeries(experimentKey, 'curve');
  if (error) return <Alert severity="error">Cannot load the curves: {error.message}</Alert>;
  if (!series) return <CircularProgress aria-label="Loading the curves" />;
  if (series.length === 0) return <Typography color="text.secondary">No curve logged.</Typography>;
  const ordered = focus?.name ? [...series].sort((a, b) => Number(b.name === focus.name) - Number(a.name === focus.name)) : series;
  return (
    <Stack spacing={4}>
      {ordered.map((one) => (
        <CurveName key={one.name} series={one} experimentKey={experimentKey} focusStep={one.name === focus?.name ? focus.step : undefined} />
      ))}
    </Stack>
  );
}
