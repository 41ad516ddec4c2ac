import type { AnalysisColumn } from '../../../../../shared/api/analysis.ts';
import type { ApiReply } from '../../../lib/api.ts';
import type { AxisValue } from '../parallel/axis-scale.ts';

/** Which summary of a metric a panel shows (parameters have one value: their last). */
export type Stat = 'last' | 'min' | 'max';

/** A metric or parameter a panel draws, and which of its summaries. */
export interface ColumnChoice extends AnalysisColumn {
  stat: Stat;
}

/** A project's parameters and metrics as choices (metrics once per summary); `loaded` once names are at hand. */
export interface ProjectChoices {
  params: ColumnChoice[];
  metrics: ColumnChoice[];
  loaded: boolean;
}

/** The runs `ext.analysisRuns` answers. */
export type AnalysisRunsReply = ApiReply<'getAnalysisRuns'>;

const STATS: readonly Stat[] = ['last', 'min', 'max'];

/** A stable id of a choice (`metric:acc:max`, `param:lr`), used as an axis id and in settings. */
export const choiceId = (choice: ColumnChoice): string => (choice.kind === 'param' ? `param:${choice.name}` : `metric:${choice.name}:${choice.stat}`);

/** How a choice is named to the user: `lr`, `acc (max)`. */
export const choiceLabel = (choice: ColumnChoice): string => (choice.kind === 'param' || choice.stat === 'last' ? choice.name : `${choice.name} (${choice.stat})`);

/** A choice read back from saved settings, or null when the value is not one. */
export function readChoice(value: unknown): ColumnChoice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, name, stat } = value as Record<string, unknown>;
  if ((kind !== 'metric' && kind !== 'param') || typeof name !== 'string' || name === '') return null;
  return { kind, name, stat: kind === 'metric' && STATS.includes(stat as Stat) ? (stat as Stat) : 'last' };
}

/**
 * The columns to ask `ext.analysisRuns` for, once each, in one order whatever the choices' (kind, then name), so that
 * panels and the table asking the same columns share one read.
 */
export function columnsOf(choices: readonly ColumnChoice[]): AnalysisColumn[] {
  const seen = new Map<string, AnalysisColumn>();
  for (const { kind, name } of choices) seen.set(`${kind}\u0000${name}`, { kind, name });
  return [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, column]) => column);
}

/** The values of `choice` per run of `reply` (null where a run has none or the column was not read). */
export function valuesOf(reply: AnalysisRunsReply, choice: ColumnChoice): readonly AxisValue[] {
  const column = reply.columns.find((one) => one.kind === choice.kind && one.name === choice.name);
  if (!column) return reply.keys.map(() => null);
  return choice.kind === 'param' || choice.stat === 'last' ? column.last : column[choice.stat];
}

/** The metric and parameter choices a project offers (from its column list), parameters first. */
export function choicesOf(columns: ApiReply<'getProjectColumns'>['columns'] | undefined): { params: ColumnChoice[]; metrics: ColumnChoice[] } {
  const params: ColumnChoice[] = [];
  const metrics: ColumnChoice[] = [];
  for (const column of columns ?? []) {
    if (column.source === 'params') params.push({ kind: 'param', name: column.name, stat: 'last' });
    else if (column.source === 'metrics') metrics.push({ kind: 'metric', name: column.name, stat: 'last' });
  }
  return { params, metrics };
}
