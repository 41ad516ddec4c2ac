import type { QueryName } from '../../../../shared/query/suggest.ts';
import type { ApiReply } from '../../lib/api.ts';

const NO_NAMES: readonly QueryName[] = [];

/** The metric and parameter names of a project's column list (project/column-names), metrics first, each by name. */
export function namesOf(columns: ApiReply<'getProjectColumns'>['columns'] | undefined): readonly QueryName[] {
  if (!columns) return NO_NAMES;
  return columns.flatMap((column): QueryName[] =>
    column.source === 'metrics' ? [{ name: column.name, kind: 'metric' }] : column.source === 'params' ? [{ name: column.name, kind: 'param' }] : [],
  );
}
