import { Alert, Box, Button, Checkbox, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { brushedKeys, useAnalysisSelection } from '../analysis-selection.ts';
import { choiceId, choiceLabel, columnsOf, valuesOf, type AnalysisRunsReply, type ColumnChoice } from '../column-choice/column-choice.ts';
import type { PanelSpec } from '../panel-types.ts';
import { formatNumber } from '../parallel/axis-scale.ts';
import { plural } from '../../../lib/format.ts';
import { parallelChoices } from '../parallel/parallel-settings.ts';
import { scatterChoices } from '../scatter/scatter-panel.tsx';
import { useAnalysisRuns } from '../use-analysis-runs.ts';
import { tableRuns } from './table-runs.ts';

const ROW_PX = 37;
const BODY_PX = 360;

/** The columns the panels draw (parallel axes, scatter x and y), once each, in panel order. */
export function panelChoices(panels: readonly PanelSpec[]): ColumnChoice[] {
  const seen = new Map<string, ColumnChoice>();
  for (const panel of panels) {
    const choices = panel.kind === 'parallel' ? parallelChoices(panel.settings) : panel.kind === 'scatter' ? scatterChoices(panel.settings) : [];
    for (const choice of choices) seen.set(choiceId(choice), choice);
  }
  return [...seen.values()];
}

/** The row indices of the runs passing every brush (all runs when none brushes). */
export function passingRuns(keys: readonly string[], passing: ReadonlySet<string> | null): number[] {
  const runs: number[] = [];
  keys.forEach((key, run) => (passing === null || passing.has(key)) && runs.push(run));
  return runs;
}

interface LinkedRowsProps {
  rows: readonly number[];
  runs: AnalysisRunsReply;
  values: readonly (readonly (number | string | null)[])[];
  scroller: HTMLDivElement | null;
  selected: readonly string[];
  columnCount: number;
}

/** The rows on screen (and a few beyond) between two spacer rows that give the table its full height. */
const LinkedRows = memo(function LinkedRows({ rows, runs, values, scroller, selected, columnCount }: LinkedRowsProps) {
  // The virtualizer answers new items from the same object on scroll, so this component is left unmemoized by the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller, estimateSize: () => ROW_PX, overscan: 10 });
  const items = virtual.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  const chosen = new Set(selected);
  const toggle = (key: string) => useAnalysisSelection.getState().select(chosen.has(key) ? selected.filter((one) => one !== key) : [...selected, key]);
  return (
    <>
      {before > 0 && (
        <TableRow style={{ height: before }}>
          <TableCell colSpan={columnCount} />
        </TableRow>
      )}
      {items.map((item) => {
        const run = rows[item.index] ?? 0;
        const key = runs.keys[run] ?? '';
        const name = runs.names[run] ?? key.slice(0, 8);
        return (
          <TableRow key={key} data-run-key={key} selected={chosen.has(key)} style={{ height: ROW_PX }}>
            <TableCell padding="checkbox">
              <Checkbox size="small" checked={chosen.has(key)} onChange={() => toggle(key)} slotProps={{ input: { 'aria-label': `Select ${name}` } }} />
            </TableCell>
            <TableCell>
              <Link component={RouterLink} to={`/experiments/${key}`}>
                {name}
              </Link>
            </TableCell>
            <TableCell title={key}>{key.slice(0, 8)}</TableCell>
            {values.map((column, index) => {
              const value = column[run] ?? null;
              return <TableCell key={index}>{value === null ? '—' : typeof value === 'number' ? formatNumber(value) : value}</TableCell>;
            })}
          </TableRow>
        );
      })}
      {after > 0 && (
        <TableRow style={{ height: after }}>
          <TableCell colSpan={columnCount} />
        </TableRow>
      )}
    </>
  );
});

/** The runs passing every panel's brushes, with the values the panels draw; ticking a row selects its run in the panels. */
export function LinkedRunsTable({ projectId, query, panels }: { projectId: string; query: string; panels: readonly PanelSpec[] }) {
  const asked = useMemo(() => panelChoices(panels), [panels]);
  const runs = useAnalysisRuns(projectId, query, columnsOf(asked));
  // The panels draw new runs first; the table follows in the next render (its rows and columns together).
  const current = useMemo(() => ({ ...tableRuns(runs.data, runs.error), choices: asked }), [runs.data, runs.error, asked]);
  const { data, refusal, choices } = useDeferredValue(current);
  const brushes = useAnalysisSelection((state) => state.brushes);
  const selected = useAnalysisSelection((state) => state.selected);
  const passing = useMemo(() => brushedKeys(brushes), [brushes]);
  const rows = useMemo(() => (data ? passingRuns(data.keys, passing) : []), [data, passing]);
  const values = useMemo(() => (data ? choices.map((choice) => valuesOf(data, choice)) : []), [data, choices]);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  if (refusal !== null) {
    return (
      <Alert severity="error" data-testid="linked-runs" data-passing={0}>
        No runs to show: the service refused the filter. {refusal}
      </Alert>
    );
  }
  if (!data) return null;
  const brushing = Object.keys(brushes).length > 0;
  const clear = () => Object.keys(brushes).forEach((panelId) => useAnalysisSelection.getState().setBrush(panelId, null));
  return (
    <Box component="section" aria-label="Runs passing the brushes" data-testid="linked-runs" data-passing={rows.length}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" data-testid="linked-runs-count">
          {brushing ? `${rows.length} of ${plural(data.keys.length, 'run')} pass the brushes` : `${plural(data.keys.length, 'run')} (brush an axis of parallel coordinates to narrow them)`}
        </Typography>
        <Button size="small" disabled={!brushing} onClick={clear}>
          Clear brushes
        </Button>
        <Typography variant="body2" color="text.secondary">
          {selected.length > 0 ? `${selected.length} selected` : 'Tick runs to select them in the panels'}
        </Typography>
      </Stack>
      <Box ref={setScroller} sx={{ maxHeight: BODY_PX, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label="Runs passing the brushes">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>Run</TableCell>
              <TableCell>Key</TableCell>
              {choices.map((choice) => (
                <TableCell key={choiceId(choice)}>{choiceLabel(choice)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <LinkedRows rows={rows} runs={data} values={values} scroller={scroller} selected={selected} columnCount={choices.length + 3} />
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
