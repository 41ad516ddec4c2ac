import type { AnalysisViewState } from '../../../../../shared/api/analysis-views.ts';
import type { TableViewState } from '../../../lib/ui-store.ts';
import { restoreColumns, restoreSort } from '../../experiments/saved-view.ts';
import type { PanelSpec } from '../panel-types.ts';

/** What a saved view holds, as the app sends it. */
export type ViewState = AnalysisViewState;

/** The view state of the panels on screen and the table as the project keeps it locally. */
export function viewStateOf(panels: readonly PanelSpec[], table: TableViewState | undefined): ViewState {
  const sort = table?.sort;
  return {
    panels: panels.map(({ id, kind, settings }) => ({ id, kind, settings })),
    table: {
      query: table?.text ?? '',
      columns: [...restoreColumns(table?.columns)],
      sort: typeof sort === 'object' && sort !== null ? { ...(sort as Record<string, unknown>) } : null,
    },
  };
}

/** The local table state a view's table part restores (the table's own readers check its shape again). */
export function tableStateOf(state: ViewState): TableViewState {
  return { text: state.table.query, columns: state.table.columns, sort: state.table.sort ?? restoreSort(null) };
}

/** JSON text of a value with object keys in order, so that two equal states compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether two view states hold the same panels and table state (the "unsaved changes" mark). */
export function sameViewState(a: ViewState, b: ViewState): boolean {
  const normal = (state: ViewState) => canonical({ ...state, table: { ...state.table, sort: state.table.sort ?? restoreSort(null) } });
  return normal(a) === normal(b);
}
