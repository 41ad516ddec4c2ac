import { Alert, CircularProgress, List, ListItem, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  CONFUSION_MATRIX_KIND,
  normaliseConfusionMatrix,
  parseConfusionMatrix,
  worstConfusions,
  type ConfusionMatrix,
  type ConfusionNormalisation,
} from '../../../../../shared/media/confusion-matrix.ts';
import { CannotDisplay } from '../chart-media/cannot-display.tsx';
import { initialStepIndex, stepLabel, type MediaStep } from '../chart-media/media-series.ts';
import { NamePicker } from '../chart-media/name-picker.tsx';
import { StepPicker } from '../chart-media/step-picker.tsx';
import { useDecodedAsset } from '../chart-media/use-decoded-asset.ts';
import { useMediaSeries } from '../chart-media/use-media-series.ts';
import { CellExamplesDialog } from './cell-examples-dialog.tsx';
import { cellKey } from './confusion-format.ts';
import { ConfusionGrid } from './confusion-grid.tsx';
import type { MediaTabProps } from '../media-focus.ts';

/** How many off-diagonal cells are called out as the worst confusions. */
const WORST_SHOWN = 3;

/** One decoded matrix: the grid, normalised as chosen, with its worst confusions listed and outlined. */
function MatrixView({ matrix, experimentKey }: { matrix: ConfusionMatrix; experimentKey: string }) {
  const [by, setBy] = useState<ConfusionNormalisation>('none');
  const [examples, setExamples] = useState<{ row: number; column: number } | null>(null);
  const values = useMemo(() => normaliseConfusionMatrix(matrix, by), [matrix, by]);
  const worst = useMemo(() => worstConfusions(matrix, WORST_SHOWN), [matrix]);
  const samples = examples ? (matrix.sampleMatrix?.[examples.row]?.[examples.column] ?? []) : [];
  return (
    <Stack spacing={2}>
      {matrix.title && <Typography variant="subtitle1">{matrix.title}</Typography>}
      <ToggleButtonGroup size="small" exclusive aria-label="Normalise" value={by} onChange={(_event, value: ConfusionNormalisation | null) => value && setBy(value)}>
        <ToggleButton value="none">Counts</ToggleButton>
        <ToggleButton value="row">Percent of row</ToggleButton>
        <ToggleButton value="column">Percent of column</ToggleButton>
      </ToggleButtonGroup>
      <ConfusionGrid matrix={matrix} values={values} by={by} worst={new Set(worst.map((cell) => cellKey(cell.row, cell.column)))} onExamples={(row, column) => setExamples({ row, column })} />
      <section aria-labelledby="worst-confusions-heading">
        <Typography id="worst-confusions-heading" variant="subtitle2">
          Worst confusions
        </Typography>
        {worst.length === 0 ? (
          <Typography color="text.secondary">No off-diagonal cell: every example was predicted as its class.</Typography>
        ) : (
          <List dense aria-labelledby="worst-confusions-heading">
            {worst.map((cell) => (
              <ListItem key={cellKey(cell.row, cell.column)}>
                {cell.actual} predicted as {cell.predicted}: {cell.count} ({cell.rowPercent.toFixed(1)}% of {cell.actual})
              </ListItem>
            ))}
          </List>
        )}
      </section>
      {examples && (
        <CellExamplesDialog
          experimentKey={experimentKey}
          title={`Examples of ${matrix.labels[examples.row]} predicted as ${matrix.labels[examples.column]}`}
          samples={samples}
          onClose={() => setExamples(null)}
        />
      )}
    </Stack>
  );
}

/** The matrix logged at one step: read, decoded, and shown (or why it cannot be). */
function LoggedMatrix({ logged, experimentKey }: { logged: MediaStep; experimentKey: string }) {
  const decoded = useDecodedAsset(experimentKey, logged.asset, CONFUSION_MATRIX_KIND, parseConfusionMatrix);
  if (decoded.isError) return <CannotDisplay error={{ kind: CONFUSION_MATRIX_KIND, reason: decoded.error.message }} asset={logged.asset} experimentKey={experimentKey} />;
  if (!decoded.data) return <CircularProgress aria-label="Loading the confusion matrix" />;
  if (!decoded.data.ok) return <CannotDisplay error={decoded.data.error} asset={logged.asset} experimentKey={experimentKey} />;
  return <MatrixView key={logged.asset.assetId} matrix={decoded.data.value} experimentKey={experimentKey} />;
}

/** The run page's "Confusion matrices" tab: one logged name at a time, a step picker when several steps were logged. */
export function ConfusionMatricesTab({ experimentKey, focus }: MediaTabProps) {
  const { series, error } = useMediaSeries(experimentKey, 'confusion-matrix');
  const [pickedName, setPickedName] = useState(focus?.name);
  const [pickedIndex, setPickedIndex] = useState<number | undefined>(undefined);
  if (error) return <Alert severity="error">Cannot load the confusion matrices: {error.message}</Alert>;
  if (!series) return <CircularProgress aria-label="Loading the confusion matrices" />;
  const shown = series.find((one) => one.name === pickedName) ?? series[0];
  if (!shown) return <Typography color="text.secondary">No confusion matrix logged.</Typography>;
  const index = Math.min(pickedIndex ?? initialStepIndex(shown, shown.name === focus?.name ? focus.step : undefined), shown.steps.length - 1);
  const logged = shown.steps[index];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <NamePicker series={series} name={shown.name} label="Confusion matrix" onName={(name) => { setPickedName(name); setPickedIndex(undefined); }} />
        <StepPicker steps={shown.steps} index={index} onIndex={setPickedIndex} label="Step" />
        {logged && (
          <Typography color="text.secondary">
            {shown.name}, {stepLabel(logged.step)}
          </Typography>
        )}
      </Stack>
      {logged && <LoggedMatrix key={logged.asset.assetId} logged={logged} experimentKey={experimentKey} />}
    </Stack>
  );
}
