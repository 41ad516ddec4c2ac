import type { z } from 'zod';
import type { summaryRecord } from '../../../../shared/api/logging-records.ts';

/** A metric or parameter summary as the service answers it. */
export type Summary = z.infer<typeof summaryRecord>;

/** Which summary read a column comes from. */
export type SummaryKind = 'metric' | 'param';

/** Which value of the summary a column shows. */
export type SummaryAggregate = 'current' | 'min' | 'max';

/** A chosen summary column: a metric's or a parameter's current, minimum or maximum value. */
export interface SummaryColumn {
  kind: SummaryKind;
  name: string;
  aggregate: SummaryAggregate;
}

/** A stable id for a column (React keys, de-duplication). */
export function columnId(column: SummaryColumn): string {
  return `${column.kind}:${column.aggregate}:${column.name}`;
}

const AGGREGATE_WORDS: Record<SummaryAggregate, string> = { current: 'last', min: 'min', max: 'max' };

/** The header of a column: "loss (min)", "lr" (a parameter's current value needs no qualifier). */
export function columnLabel(column: SummaryColumn): string {
  if (column.kind === 'param' && column.aggregate === 'current') return column.name;
  return `${column.name} (${AGGREGATE_WORDS[column.aggregate]})`;
}

/** Adds a column unless the same one is there; answers the same list when nothing changes. */
export function addColumn(columns: readonly SummaryColumn[], column: SummaryColumn): readonly SummaryColumn[] {
  const name = column.name.trim();
  if (name === '' || columns.some((existing) => columnId(existing) === columnId({ ...column, name }))) return columns;
  return [...columns, { ...column, name }];
}

/** The value a column shows from an experiment's summaries; undefined when the experiment has no such item. */
export function summaryValue(summaries: readonly Summary[] | undefined, column: SummaryColumn): string | undefined {
  const summary = summaries?.find((item) => item.name === column.name);
  if (!summary) return undefined;
  if (column.aggregate === 'min') return summary.valueMin;
  if (column.aggregate === 'max') return summary.valueMax;
  return summary.valueCurrent;
}

/** Shortens long numbers for a cell ("0.123456789" → "0.1235"); other values are shown as they are. */
export function formatSummaryValue(value: string): string {
  if (!/^-?\d+\.\d{5,}(e[-+]?\d+)?$/i.test(value)) return value;
  const number = Number(value);
  return Number.isFinite(number) ? String(Number(number.toPrecision(4))) : value;
}
