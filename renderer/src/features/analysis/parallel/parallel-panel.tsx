import { Alert, Checkbox, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { columnsOf } from '../column-choice/column-choice.ts';
import { ColumnSelect, ColumnsSelect, useProjectChoices } from '../column-choice/column-select.tsx';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { useUiStore } from '../../../lib/ui-store.ts';
import type { PanelProps } from '../panel-types.ts';
import { useAnalysisRuns } from '../use-analysis-runs.ts';
import { buildParallelModel } from './parallel-model.ts';
import { ParallelChart } from './parallel-chart.tsx';
import { parallelDefaults } from './parallel-defaults.ts';
import { parallelProbe, probeColumns, readParallelSettings } from './parallel-settings.ts';

/** A parallel coordinates panel: its axis pickers, log switches, the chart and (on request) its table. */
export function ParallelPanel({ projectId, query, panelId, settings, onSettingsChange }: PanelProps) {
  const choices = useProjectChoices(projectId);
  const saved = useMemo(() => readParallelSettings(settings), [settings]);
  const profileId = useActiveProfile().id;
  const tableSort = useUiStore((state) => state.tableViews[`${profileId}\n${projectId}`]?.sort);
  // A new panel first reads its probe's columns, picks its axes from their values, and keeps them once drawn.
  const probe = useMemo(() => (!saved.picked && choices.loaded ? parallelProbe(choices, tableSort) : null), [saved.picked, choices, tableSort]);
  const [showTable, setShowTable] = useState(false);
  const savedPicks = useMemo(() => (saved.metric ? [...saved.params, saved.metric] : saved.params), [saved.params, saved.metric]);
  const runs = useAnalysisRuns(projectId, query, probe ? probeColumns(probe) : columnsOf(savedPicks));
  const defaults = useMemo(() => (probe && runs.data && !runs.isPlaceholderData ? parallelDefaults(runs.data, probe.params, probe.metric) : null), [probe, runs.data, runs.isPlaceholderData]);
  const current = defaults ?? settings;
  const chosen = useMemo(() => (defaults ? readParallelSettings(defaults) : saved), [defaults, saved]);
  useEffect(() => {
    if (defaults) onSettingsChange(defaults);
  }, [defaults, onSettingsChange]);
  const picked = useMemo(() => (chosen.metric ? [...chosen.params, chosen.metric] : chosen.params), [chosen.params, chosen.metric]);
  const model = useMemo(() => (runs.data ? buildParallelModel(runs.data, chosen.params, chosen.metric, new Set(chosen.log)) : null), [runs.data, chosen]);
  const change = useCallback((next: Partial<Record<'params' | 'metric' | 'log', unknown>>) => onSettingsChange({ ...current, ...next }), [current, onSettingsChange]);
  // The pickers stay as they are when the runs arrive, and the log switches follow the chart: it draws first.
  const pickers = useMemo(
    () => (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <ColumnsSelect label="Parameters" options={choices.params} value={chosen.params} onChange={(params) => change({ params })} />
        <ColumnSelect label="Metric (colours the lines)" options={choices.metrics} value={chosen.metric} onChange={(metric) => change({ metric })} />
        <FormControlLabel control={<Switch size="small" checked={showTable} onChange={(event) => setShowTable(event.target.checked)} />} label="Show as table" />
      </Stack>
    ),
    [choices.params, choices.metrics, chosen.params, chosen.metric, showTable, change],
  );
  const numeric = useDeferredValue(model)?.axes.filter((axis) => axis.scale.kind !== 'category') ?? [];
  return (
    <Stack spacing={1}>
      {pickers}
      {numeric.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="caption" sx={{ mr: 1 }}>
            Log scale:
          </Typography>
          {numeric.map((axis) => (
            <FormControlLabel
              key={axis.id}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.log.includes(axis.id)}
                  onChange={(event) => change({ log: event.target.checked ? [...chosen.log, axis.id] : chosen.log.filter((id) => id !== axis.id) })}
                />
              }
              label={<Typography variant="caption">{axis.label}</Typography>}
              aria-label={`Log scale on ${axis.label}`}
            />
          ))}
        </Stack>
      )}
      {runs.error && <Alert severity="error">The runs could not be read: {runs.error.message}. Check the connection, then reopen the view.</Alert>}
      {chosen.picked && picked.length < 2 && <Alert severity="info">Pick at least two axes: parameters above, and a metric to colour the lines.</Alert>}
      {model && picked.length >= 2 && model.keys.length === 0 && <Alert severity="info">No runs pass the table&apos;s filter: change it on the project page.</Alert>}
      {model && picked.length >= 2 && model.keys.length > 0 && <ParallelChart model={model} panelId={panelId} showTable={showTable} />}
    </Stack>
  );
}
