import type { ExperimentRow, ExperimentState } from './experiment-row.ts';

/** What the table is filtered by: free text, tags (a row needs every one), and states (a row needs one of them). */
export interface RowFilter {
  text: string;
  tags: readonly string[];
  states: ReadonlySet<ExperimentState>;
}

/** The words of a text filter: lower-case, split on white space; a row must contain every one. */
export function filterTerms(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter((term) => term !== '');
}

/**
 * Whether a row passes the filter. Text terms match anywhere in the name, key or tags; tags must all be present
 * exactly; the state must be one of those chosen. The terms are split once, no allocation per row.
 */
export function rowPasses(filter: RowFilter): (row: ExperimentRow) => boolean {
  const terms = filterTerms(filter.text);
  const { tags, states } = filter;
  const [term] = terms;
  // The common cases (no filter, one word, no tags) without a call per term and row: a keystroke filters 100,000 rows.
  if (tags.length === 0 && terms.length <= 1) return term === undefined ? (row) => states.has(row.state) : (row) => states.has(row.state) && row.search.includes(term);
  return (row) => states.has(row.state) && terms.every((one) => row.search.includes(one)) && tags.every((tag) => row.tags.includes(tag));
}

/**
 * Whether every row that passes `next` also passes `previous` (so `next` may filter what `previous` kept, as while
 * typing on): the same states, the tags of `previous` and more, and each word of `previous` inside a word of `next`.
 */
export function narrows(next: RowFilter, previous: RowFilter): boolean {
  if (next.states !== previous.states || !previous.tags.every((tag) => next.tags.includes(tag))) return false;
  const words = filterTerms(next.text);
  return filterTerms(previous.text).every((term) => words.some((word) => word.includes(term)));
}

/** The rows that pass the filter (`rowPasses`), in their given order. */
export function filterRows(rows: readonly ExperimentRow[], filter: RowFilter): ExperimentRow[] {
  return rows.filter(rowPasses(filter));
}

/** Every tag used by the rows with how many rows carry it, most used first, then by name. */
export function tagCounts(rows: readonly ExperimentRow[]): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) for (const tag of row.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}
