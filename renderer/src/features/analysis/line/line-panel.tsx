import { Alert, Box, Button, CircularProgress, Stack, Typography, useTheme } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { SERIES_MANY_MAX_RUNS } from '../../../../../shared/api/metric-series-many.ts';
import { useApiQuery } from '../../../lib/api.ts';
import { formatDateTime, plural } from '../../../lib/format.ts';
import { UPlotChart } from '../../logged-data/uplot-chart.tsx';
import { brushedKeys, useAnalysisSelection } from '../analysis-selection.ts';
import type { PanelProps } from '../panel-types.ts';
import { useAnalysisRuns } from '../use-analysis-runs.ts';
import { LineLegend } from './line-legend.tsx';
import { pickDefaultMetric } from './default-metric.ts';
import { buildLines, lineSettings, type LineSettings } from './line-model.ts';
import { lineData, lineOptions, type LineEvents, type LineHover } from './line-options.ts';
import { LineSettingsBar } from './line-settings.tsx';
import { LineTable, shown } from './line-table.tsx';
import { bucketsPerRun, useSeriesMany } from './use-series-many.ts';

const HEIGHT = 300;

/** How many metrics are weighed for the first chart (the runs read takes at most 64 columns). */
const MAX_CANDIDATES = 64;

/** While a project has no metric yet, how often its names are read again (runs may be starting to log). */
const NAMES_WAIT_MS = 3_000;

/** The project's metric and parameter names, for the pickers (read afresh on opening: runs may have logged new ones). */
function useColumnNames(projectId: string) {
  const columns = useApiQuery('getProjectColumns', { projectId }, {
    refetchOnWindowFocus: false,
    retry: false,
    staleTime: 0,
    refetchInterval: (current) => (current.state.data?.columns.some((column) => column.source === 'metrics') ? false : NAMES_WAIT_MS),
  });
  return useMemo(() => {
    const all = columns.data?.columns ?? [];
    const of = (source: string) => all.filter((column) => column.source === source).map((column) => column.name);
    return { metrics: of('metrics'), params: of('params'), loaded: columns.isSuccess };
  }, [columns.data, columns.isSuccess]);
}

/** A line chart of one metric across the runs the table's filter selects: a line per run, or a mean and band per group. */
export function LinePanel({ projectId, query, panelId, settings: raw, onSettingsChange }: PanelProps) {
  const settings = useMemo(() => lineSettings(raw), [raw]);
  const change = useCallback((next: LineSettings) => onSettingsChange({ ...next }), [onSettingsChange]);
  const theme = useTheme();
  const names = useColumnNames(projectId);
  const [asTable, setAsTable] = useState(false);
  // A zoom holds for the metric and axis it was made on.
  const zoomFor = `${settings.metric}\n${settings.axis}`;
  const [zoomed, setZoomed] = useState<{ on: string; range: [number, number] } | null>(null);
  const zoom = zoomed?.on === zoomFor ? zoomed.range : null;
  const setZoom = useCallback((range: [number, number] | null) => setZoomed(range && { on: zoomFor, range }), [zoomFor]);
  const [hover, setHover] = useState<LineHover | null>(null);
  // A new chart starts on the metric that differs most between the runs compared (the summaries are read only until then).
  const candidates = useMemo(() => (settings.metric === '' ? names.metrics.slice(0, MAX_CANDIDATES).map((name) => ({ kind: 'metric' as const, name })) : []), [settings.metric, names.metrics]);
  const summaries = useAnalysisRuns(projectId, query, candidates);
  useEffect(() => {
    const first = names.metrics[0];
    if (settings.metric !== '' || first === undefined) return;
    if (summaries.error) change({ ...settings, metric: first });
    else if (summaries.data && !summaries.isPlaceholderData) change({ ...settings, metric: pickDefaultMetric(summaries.data.columns) ?? first });
  }, [settings, names.metrics, change, summaries.data, summaries.error, summaries.isPlaceholderData]);

  const groupParam = settings.groupBy.startsWith('param:') ? settings.groupBy.slice('param:'.length) : null;
  const columns = useMemo(() => (groupParam === null ? [] : [{ kind: 'param' as const, name: groupParam }]), [groupParam]);
  const runs = useAnalysisRuns(projectId, query, columns);
  const brushes = useAnalysisSelection((state) => state.brushes);
  const selected = useAnalysisSelection((state) => state.selected);
  const select = useAnalysisSelection((state) => state.select);
  const passing = useMemo(() => brushedKeys(brushes, panelId), [brushes, panelId]);
  const keys = useMemo(() => (runs.data?.keys ?? []).filter((key) => passing === null || passing.has(key)), [runs.data, passing]);
  const charted = useMemo(() => keys.slice(0, SERIES_MANY_MAX_RUNS), [keys]);
  // A zoom re-reads its range at full detail; on relative time (seconds) each run's range counts from its first point.
  const relative = settings.axis === 'relative';
  const scale = relative ? 1000 : 1;
  const series = useSeriesMany({
    experimentKeys: charted,
    metricName: settings.metric,
    axis: settings.axis === 'step' ? 'step' : 'time',
    ...(relative ? { relative } : {}),
    ...(zoom ? { from: Math.max(0, Math.floor(zoom[0] * scale)), to: Math.ceil(zoom[1] * scale) } : {}),
  });

  const labels = useMemo(() => {
    const data = runs.data;
    const at = new Map((data?.keys ?? []).map((key, index) => [key, index]));
    const nameOf = (key: string) => data?.names[at.get(key) ?? -1] ?? key.slice(0, 8);
    const groupValue = (key: string) => {
      const index = at.get(key) ?? -1;
      if (settings.groupBy === 'tags') return data?.tags[index]?.join(', ') || 'no tags';
      const value = data?.columns[0]?.last[index];
      return value === null || value === undefined ? `${groupParam ?? ''} not set` : `${groupParam ?? ''} = ${value}`;
    };
    return { nameOf, groupOf: settings.groupBy === '' ? null : groupValue };
  }, [runs.data, settings.groupBy, groupParam]);
  const model = useMemo(() => buildLines(series.data?.runs ?? [], settings, labels, bucketsPerRun(charted.length)), [series.data, settings, labels, charted.length]);

  // Options rebuild the chart: only when the highlight or the axes change; the lines come with the data.
  const highlighted = useMemo(() => new Set(model.lines.flatMap((line, index) => (line.keys.some((key) => selected.includes(key)) ? [index] : []))), [model.lines, selected]);
  const highlightKey = [...highlighted].join(',');
  const events = useMemo<LineEvents>(
    () => ({
      onZoom: (from, to) => setZoom([from, to]),
      onResetZoom: () => setZoom(null),
      onHover: setHover,
      onPick: (picked, add) => {
        const before = useAnalysisSelection.getState().selected;
        select(add ? [...before.filter((key) => !picked.includes(key)), ...picked.filter((key) => !before.includes(key))] : picked);
      },
    }),
    [select, setZoom],
  );
  const options = useMemo(
    () => lineOptions({ axis: settings.axis, logY: settings.logY, highlighted, ink: theme.palette.text.secondary, grid: theme.palette.divider }, events),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `highlightKey` stands for the highlight
    [highlightKey, settings.axis, settings.logY, theme, events],
  );
  const data = useMemo(() => lineData(model.xs, model.lines), [model]);

  const reply = series.data;
  const widths = reply?.runs.map((run) => run.bucketWidth) ?? [];
  const state = series.isError || runs.isError ? 'error' : !reply || series.isPlaceholderData ? 'loading' : 'ready';
  const hovered = hover && model.lines[hover.line];
  return (
    <Box>
      <LineSettingsBar settings={settings} names={names} onChange={change} asTable={asTable} onAsTable={setAsTable} />
      {names.loaded && names.metrics.length === 0 && <Alert severity="info">No run of this project has logged a metric yet: log one and its chart appears here.</Alert>}
      {(series.error ?? runs.error) && <Alert severity="error">Could not read the chart: {(series.error ?? runs.error)?.message}. Check the connection, then change a setting to try again.</Alert>}
      {keys.length > charted.length && (
        <Typography variant="caption" color="text.secondary">
          Charting the first {charted.length.toLocaleString()} of {keys.length.toLocaleString()} runs: filter the table to narrow them.
        </Typography>
      )}
      <Box
        data-testid="line-chart"
        data-state={state}
        data-metric={settings.metric}
        data-lines={model.lines.length}
        data-runs={reply?.runs.length ?? 0}
        data-points={model.xs.length}
        data-bucket-width={widths.length === 0 ? '' : widths.some((width) => width !== null) ? String(Math.max(...widths.map((width) => width ?? 1))) : 'raw'}
        data-zoom={zoom ? `${zoom[0]}..${zoom[1]}` : ''}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 30 }}>
          <Typography variant="body2" data-testid="line-hover" aria-live="polite" sx={{ flexGrow: 1 }}>
            {hovered ? `${hovered.label}${hovered.band ? ` (mean of ${plural(hovered.keys.length, 'run')})` : ''} · ${settings.axis === 'time' ? formatDateTime(hover.x) : shown(hover.x)}: ${shown(hover.value)}` : 'Point at a line to name its run; drag to zoom; click a line to select its run.'}
          </Typography>
          {state === 'loading' && <CircularProgress size={16} aria-label="Loading the chart" />}
          {zoom && (
            <Button size="small" onClick={() => setZoom(null)}>
              Reset zoom
            </Button>
          )}
        </Stack>
        {asTable ? (
          <LineTable model={model} axis={settings.axis} />
        ) : (
          model.lines.length > 0 && <UPlotChart options={options} data={data} xRange={zoom ?? undefined} height={HEIGHT} label={`Line chart of ${settings.metric} across ${model.lines.length} lines`} />
        )}
        <LineLegend lines={model.lines} highlighted={highlighted} onPick={(index) => select(model.lines[index]?.keys ?? [])} />
      </Box>
    </Box>
  );
}
