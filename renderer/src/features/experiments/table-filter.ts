import type { ExperimentRow, ExperimentState } from './experiment-row.ts';

/** What the table is filtered by: free text, tags (a row needs every one), and states (a row needs one of them). */
interface RowFilter {
  text: string;
  tags: readonly string[];
  states: ReadonlySet<ExperimentState>;
}

/** The words of a text filter: lower-case, split on white space; a row must contain every one. */
export function filterTerms(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter((term) => term !== '');
}

/**
 * The rows that pass the filter, in their given order. Text terms match anywhere in the name, key or tags;
 * tags must all be present exactly; the state must be one of those chosen. One pass, no allocation per row.
 */
export function filterRows(rows: readonly ExperimentRow[], filter: RowFilter): ExperimentRow[] {
  const terms = filterTerms(filter.text);
  const tags = filter.tags;
  const result: ExperimentRow[] = [];
  for (const row of rows) {
    if (!filter.states.has(row.state)) continue;
    if (!terms.every((term) => row.search.includes(term))) continue;
    if (!tags.every((tag) => row.tags.includes(tag))) continue;
    result.push(row);
  }
  return result;
}

/** Every tag used by the rows with how many rows carry it, most used first, then by name. */
export function tagCounts(rows: readonly ExperimentRow[]): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) for (const tag of row.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}
