import { Alert, Checkbox, FormControlLabel, Link, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { brushedKeys, useAnalysisSelection } from '../analysis-selection.ts';
import { choiceLabel, columnsOf, readChoice, type ColumnChoice, type ProjectChoices } from '../column-choice/column-choice.ts';
import { ColumnSelect, useProjectChoices } from '../column-choice/column-select.tsx';
import type { PanelProps } from '../panel-types.ts';
import { formatNumber } from '../parallel/axis-scale.ts';
import { useAnalysisRuns } from '../use-analysis-runs.ts';
import { ScatterChart } from './scatter-chart.tsx';
import { scatterPoints } from './scatter-points.ts';

const MAX_ROWS = 1000;

/** The columns a scatter panel draws (x, then y), from its settings. */
export const scatterChoices = (settings: Record<string, unknown>): ColumnChoice[] => [readChoice(settings.x), readChoice(settings.y)].filter((choice) => choice !== null);

/** A new scatter's axes: the project's first parameter (else its first metric) against its first metric. */
export const defaultScatterSettings = ({ params, metrics }: Pick<ProjectChoices, 'params' | 'metrics'>): Record<string, unknown> => ({
  x: params[0] ?? metrics[0] ?? null,
  y: metrics[0] ?? null,
});

/** A scatter panel: x and y pickers with log switches, the chart and (on request) its table. */
export function ScatterPanel({ projectId, query, panelId, settings: saved, onSettingsChange }: PanelProps) {
  const choices = useProjectChoices(projectId);
  // A new panel draws its default axes from the names at hand in this very render, and keeps them once drawn.
  const defaults = useMemo(
    (): Record<string, unknown> | null => (saved.x === undefined && choices.loaded ? { ...saved, ...defaultScatterSettings(choices) } : null),
    [saved, choices],
  );
  const settings = defaults ?? saved;
  const x = useMemo(() => readChoice(settings.x), [settings.x]);
  const y = useMemo(() => readChoice(settings.y), [settings.y]);
  const logs = useMemo(() => ({ x: settings.xLog === true, y: settings.yLog === true }), [settings.xLog, settings.yLog]);
  const [showTable, setShowTable] = useState(false);
  const options = useMemo(() => [...choices.params, ...choices.metrics], [choices.params, choices.metrics]);
  useEffect(() => {
    if (defaults) onSettingsChange(defaults);
  }, [defaults, onSettingsChange]);
  const runs = useAnalysisRuns(projectId, query, columnsOf([x, y].filter((choice) => choice !== null)));
  const allBrushes = useAnalysisSelection((state) => state.brushes);
  const shown = useMemo(() => brushedKeys(allBrushes, panelId), [allBrushes, panelId]);
  const points = useMemo(() => (runs.data && x && y ? scatterPoints(runs.data, x, y, logs, shown) : null), [runs.data, x, y, logs, shown]);
  const labels = useMemo(() => ({ x: x ? choiceLabel(x) : '', y: y ? choiceLabel(y) : '' }), [x, y]);
  const change = useCallback((next: Record<string, unknown>) => onSettingsChange({ ...settings, ...next }), [settings, onSettingsChange]);
  // The pickers stay as they are when the runs arrive: only the chart renders then.
  const pickers = useMemo(
    () => (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <ColumnSelect label="X" options={options} value={x} onChange={(choice) => change({ x: choice })} />
        <FormControlLabel control={<Checkbox size="small" checked={logs.x} onChange={(event) => change({ xLog: event.target.checked })} />} label="Log x" />
        <ColumnSelect label="Y" options={options} value={y} onChange={(choice) => change({ y: choice })} />
        <FormControlLabel control={<Checkbox size="small" checked={logs.y} onChange={(event) => change({ yLog: event.target.checked })} />} label="Log y" />
        <FormControlLabel control={<Switch size="small" checked={showTable} onChange={(event) => setShowTable(event.target.checked)} />} label="Show as table" />
      </Stack>
    ),
    [options, x, y, logs, showTable, change],
  );
  return (
    <Stack spacing={1}>
      {pickers}
      {runs.error && <Alert severity="error">The runs could not be read: {runs.error.message}. Check the connection, then reopen the view.</Alert>}
      {(!x || !y) && <Alert severity="info">Pick what goes on each axis: a parameter or a metric.</Alert>}
      {points && runs.data && (
        <>
          <ScatterChart points={points} keys={runs.data.keys} names={runs.data.names} labels={labels} logs={logs} />
          {points.leftOut > 0 && (
            <Typography variant="caption" color="text.secondary">
              {`${points.leftOut} runs have no number to place on these axes${logs.x || logs.y ? ' (a log axis leaves out values ≤ 0)' : ''}.`}
            </Typography>
          )}
          {showTable && (
            <Table size="small" aria-label="Points of the scatter">
              <TableHead>
                <TableRow>
                  <TableCell>Run</TableCell>
                  <TableCell>{labels.x}</TableCell>
                  <TableCell>{labels.y}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {points.runs.slice(0, MAX_ROWS).map((run, index) => (
                  <TableRow key={runs.data.keys[run]} data-run-key={runs.data.keys[run]}>
                    <TableCell>
                      <Link component={RouterLink} to={`/experiments/${runs.data.keys[run]}`}>
                        {runs.data.names[run] ?? runs.data.keys[run]?.slice(0, 8)}
                      </Link>
                    </TableCell>
                    <TableCell>{formatNumber(points.xs[index] ?? Number.NaN)}</TableCell>
                    <TableCell>{formatNumber(points.ys[index] ?? Number.NaN)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
