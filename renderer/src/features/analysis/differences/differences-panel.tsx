import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { Alert, Autocomplete, Stack, TextField, Typography } from '@mui/material';
import { useMemo } from 'react';
import type { AnalysisColumn } from '../../../../../shared/api/analysis.ts';
import { useApiQuery } from '../../../lib/api.ts';
import { brushedKeys, useAnalysisSelection } from '../analysis-selection.ts';
import { metricAndParameterNames } from '../importance/project-names.ts';
import type { PanelKindEntry, PanelProps } from '../panel-types.ts';
import { useAnalysisRuns } from '../use-analysis-runs.ts';
import { comparedRuns, DEFAULT_COMPARED } from './differences.ts';
import { DifferencesTable } from './differences-table.tsx';

/** `ext.analysisRuns` reads at most 64 columns: parameters first, then metrics. */
const MAX_COLUMNS = 64;

/** The parameters and last metric values of the selected runs side by side, the differing ones first. */
function DifferencesPanel({ projectId, query, panelId }: PanelProps) {
  const projectColumns = useApiQuery('getProjectColumns', { projectId }, { refetchOnMount: 'always', refetchOnWindowFocus: false, retry: false });
  const names = useMemo(() => metricAndParameterNames(projectColumns.data?.columns), [projectColumns.data]);
  const columns = useMemo<AnalysisColumn[]>(
    () =>
      [...names.parameters.map((name): AnalysisColumn => ({ kind: 'param', name })), ...names.metrics.map((name): AnalysisColumn => ({ kind: 'metric', name }))].slice(0, MAX_COLUMNS),
    [names],
  );
  const runs = useAnalysisRuns(projectId, query, columns);
  const { selected, select, brushes } = useAnalysisSelection();
  const passing = useMemo(() => brushedKeys(brushes, panelId), [brushes, panelId]);
  const data = runs.data;
  const nameOf = (run: number) => data?.names[run] ?? data?.keys[run]?.slice(0, 8) ?? '';
  const compared = data ? comparedRuns(data.keys, selected, passing) : { runs: [], fromSelection: false };
  const choices = data ? data.keys.flatMap((key, run) => (passing === null || passing.has(key) ? [run] : [])) : [];
  const rows = (data?.columns ?? []).map((column) => ({
    label: column.kind === 'metric' ? `${column.name} (last)` : column.name,
    values: compared.runs.map((run) => column.last[run] ?? null),
  }));
  const failure = projectColumns.error ?? runs.error;
  return (
    <Stack spacing={1} data-testid="differences-panel" data-state={data ? 'ready' : 'loading'}>
      <Autocomplete
        multiple
        size="small"
        options={choices}
        value={compared.fromSelection ? compared.runs : []}
        getOptionLabel={nameOf}
        getOptionKey={(run) => data?.keys[run] ?? run}
        onChange={(_event, picked) => select(picked.flatMap((run) => data?.keys[run] ?? []))}
        renderInput={(params) => <TextField {...params} label="Runs to compare" placeholder={compared.fromSelection ? '' : 'Pick runs, or select them in another panel'} />}
      />
      {failure && <Alert severity="error">Could not read the runs: {failure.message} Check the connection, then reopen the view.</Alert>}
      {data && !compared.fromSelection && compared.runs.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {selected.length ? 'None of the selected runs passes the other panels’ filters' : 'No run selected'}: showing the first{' '}
          {Math.min(DEFAULT_COMPARED, compared.runs.length)} runs that pass them.
        </Typography>
      )}
      {data && compared.runs.length === 0 && <Typography color="text.secondary">No run passes the filters: widen the table&apos;s filter or clear a brush.</Typography>}
      {compared.runs.length > 0 && <DifferencesTable runs={compared.runs.map((run) => ({ key: data?.keys[run] ?? '', name: nameOf(run) }))} rows={rows} />}
      {names.parameters.length + names.metrics.length > MAX_COLUMNS && (
        <Typography variant="caption" color="text.secondary">
          Showing the first {MAX_COLUMNS} of {names.parameters.length + names.metrics.length} parameters and metrics (parameters first, by name).
        </Typography>
      )}
    </Stack>
  );
}

/** The differences panel as the "Add panel" menu offers it. */
export const differencesPanel: PanelKindEntry = {
  kind: 'differences',
  label: 'Differences',
  description: 'The selected runs side by side, what differs first',
  icon: <CompareArrowsIcon fontSize="small" />,
  component: DifferencesPanel,
  defaults: {},
};
