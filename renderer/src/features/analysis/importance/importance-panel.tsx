import InsightsIcon from '@mui/icons-material/Insights';
import { Alert, Box, CircularProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useMemo } from 'react';
import type { AnalysisColumn } from '../../../../../shared/api/analysis.ts';
import { useApiQuery } from '../../../lib/api.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { useUiStore } from '../../../lib/ui-store.ts';
import { brushedKeys, useAnalysisSelection } from '../analysis-selection.ts';
import type { PanelKindEntry, PanelProps } from '../panel-types.ts';
import { useAnalysisRuns } from '../use-analysis-runs.ts';
import type { ImportanceRow } from './compute-importance.ts';
import { ImportanceCaveats } from './importance-caveats.tsx';
import { importanceInput, type MetricSummary } from './importance-input.ts';
import { metricAndParameterNames } from './project-names.ts';
import { startingMetric } from './starting-metric.ts';
import { useImportance } from './use-importance.ts';

const SUMMARIES: readonly MetricSummary[] = ['last', 'min', 'max'];
/** `ext.analysisRuns` reads at most 64 columns: the metric and this many parameters. */
const MAX_PARAMETERS = 63;

/** A signed number to two places, with a true minus sign. */
const signed = (value: number | null) => (value === null ? '—' : value.toFixed(2).replace('-', '−'));

/** The scores table: a row per parameter, most important first, importance as a bar and a number, correlation signed. */
function ScoresTable({ rows, metricLabel }: { rows: readonly ImportanceRow[]; metricLabel: string }) {
  return (
    <Table size="small" aria-label={`Parameter importance for ${metricLabel}`}>
      <TableHead>
        <TableRow>
          <TableCell>Parameter</TableCell>
          <TableCell>Importance</TableCell>
          <TableCell align="right">Correlation</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label} data-parameter={row.label} data-importance={row.importance ?? ''} data-correlation={row.correlation ?? ''}>
            <TableCell>{row.label}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Box sx={{ width: 80, height: 8, bgcolor: 'action.hover', borderRadius: 1 }} aria-hidden>
                  <Box sx={{ width: `${Math.round((row.importance ?? 0) * 100)}%`, height: 1, bgcolor: 'primary.main', borderRadius: 1 }} />
                </Box>
                <span>{row.importance === null ? '—' : row.importance.toFixed(2)}</span>
              </Stack>
            </TableCell>
            <TableCell align="right" sx={{ color: row.correlation === null ? 'text.secondary' : row.correlation < 0 ? 'error.main' : 'success.main' }}>
              {signed(row.correlation)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Parameter importance for a chosen metric: correlation and a random forest's importance per parameter, with the caveats. */
function ImportancePanel({ projectId, query, panelId, settings, onSettingsChange }: PanelProps) {
  const profileId = useActiveProfile().id;
  const projectColumns = useApiQuery('getProjectColumns', { projectId }, { refetchOnMount: 'always', refetchOnWindowFocus: false, retry: false });
  const names = useMemo(() => metricAndParameterNames(projectColumns.data?.columns), [projectColumns.data]);
  const tableSort = useUiStore((state) => state.tableViews[`${profileId}\n${projectId}`]?.sort);
  const starting = typeof settings.metric === 'string' && settings.metric !== '' ? null : startingMetric(names.metrics, tableSort);
  const metric = starting?.metric ?? (typeof settings.metric === 'string' ? settings.metric : '');
  const summary = starting?.summary ?? SUMMARIES.find((value) => value === settings.summary) ?? 'last';
  const columns = useMemo<AnalysisColumn[]>(
    () => (metric ? [{ kind: 'metric', name: metric }, ...names.parameters.slice(0, MAX_PARAMETERS).map((name): AnalysisColumn => ({ kind: 'param', name }))] : []),
    [metric, names],
  );
  const runs = useAnalysisRuns(projectId, query, columns);
  const brushes = useAnalysisSelection((state) => state.brushes);
  const passing = useMemo(() => brushedKeys(brushes, panelId), [brushes, panelId]);
  const input = useMemo(() => (runs.data && metric ? importanceInput(runs.data, summary, passing) : null), [runs.data, metric, summary, passing]);
  const { result, computing, error } = useImportance(input);
  const metricLabel = `${metric} (${summary})`;
  const failure = projectColumns.error ?? runs.error;
  return (
    <Stack spacing={1} data-testid="importance-panel" data-state={error ? 'failed' : !input || computing || !result ? 'computing' : 'ready'}>
      <Stack direction="row" spacing={1}>
        <TextField select size="small" label="Metric" value={metric} onChange={(event) => onSettingsChange({ ...settings, summary, metric: event.target.value })} sx={{ minWidth: 180 }}>
          {names.metrics.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Value" value={summary} onChange={(event) => onSettingsChange({ ...settings, metric, summary: event.target.value })}>
          {SUMMARIES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        {computing && <CircularProgress size={20} aria-label="Computing importance" />}
      </Stack>
      {failure && <Alert severity="error">Could not read the runs: {failure.message} Check the connection, then reopen the view.</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {!metric ? (
        <Typography color="text.secondary">Pick a metric to see which parameters matter for it.</Typography>
      ) : result && result.rows.length === 0 ? (
        <Typography color="text.secondary">No parameter varies across the runs with {metricLabel}: log a sweep that changes some.</Typography>
      ) : (
        result && <ScoresTable rows={result.rows} metricLabel={metricLabel} />
      )}
      {metric && result && names.parameters.length > MAX_PARAMETERS && (
        <Typography variant="caption" color="text.secondary">
          Scored over the first {MAX_PARAMETERS} of {names.parameters.length} parameters (by name).
        </Typography>
      )}
      {metric && result && <ImportanceCaveats result={result} metricLabel={metricLabel} />}
    </Stack>
  );
}

/** The importance panel as the "Add panel" menu offers it. */
export const importancePanel: PanelKindEntry = {
  kind: 'importance',
  label: 'Parameter importance',
  description: 'Which parameters matter for a metric: correlation and importance',
  icon: <InsightsIcon fontSize="small" />,
  component: ImportancePanel,
  defaults: { summary: 'last' },
};
