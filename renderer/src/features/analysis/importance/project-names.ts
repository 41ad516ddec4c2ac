import type { ApiReply } from '../../../lib/api.ts';

/** A project's metric and parameter names (`read.projectColumns`), each list sorted, for the panels' pickers. */
export function metricAndParameterNames(columns: ApiReply<'getProjectColumns'>['columns'] | undefined): { metrics: string[]; parameters: string[] } {
  const of = (source: string) => [...new Set((columns ?? []).filter((column) => column.source === source).map((column) => column.name))].sort((a, b) => a.localeCompare(b));
  return { metrics: of('metrics'), parameters: of('params') };
}
