import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentMetadata } from './experiments.ts';
import { nonEmpty, queryBoolean } from './fields.ts';

const workspaceName = nonEmpty(100);
const projectName = nonEmpty(250);
const projectId = nonEmpty(100);

/** Where a queryable column lives (clients.md A.3). */
export const columnSources = ['metadata', 'metrics', 'params', 'log_other', 'tag', 'env_details'] as const;
/** The source of a column. */
export type ColumnSource = (typeof columnSources)[number];

/** How a column's values compare. */
export const columnTypes = ['string', 'double', 'boolean', 'datetime', 'timenumber'] as const;
/** The type of a column. */
export type ColumnType = (typeof columnTypes)[number];

/** The operators of the SDK's query builder. */
export const ruleOperators = [
  'equal',
  'not_equal',
  'less',
  'less_or_equal',
  'greater',
  'greater_or_equal',
  'begins_with',
  'not_begins_with',
  'ends_with',
  'not_ends_with',
  'contains',
  'not_contains',
  'between',
  'not_between',
  'is_empty',
  'is_not_empty',
  'is_null',
  'is_not_null',
] as const;
/** One operator of a rule. */
export type RuleOperator = (typeof ruleOperators)[number];

/** One comparison: `field` (or `id`) names the column; operator, type and value are checked by the service (400 naming the rule). */
export const queryRule = z.object({
  id: z.string().max(1000).optional(),
  field: z.string().max(1000).optional(),
  type: z.string().max(50).nullish(),
  operator: z.string().max(50),
  value: z.unknown().optional(),
  source: z.string().max(50).nullish(),
});

/** A rule as sent. */
export type QueryRule = z.infer<typeof queryRule>;

/** A group of rules and groups joined by AND or OR; `not: true` negates it. */
export interface RuleGroup {
  condition: string;
  rules: (QueryRule | RuleGroup)[];
  valid?: boolean | null | undefined;
  not?: boolean | null | undefined;
}

/** The rule group schema (recursive). */
export const ruleGroup: z.ZodType<RuleGroup> = z.lazy(() =>
  z.object({
    condition: z.string().max(10),
    rules: z.array(z.union([ruleGroup, queryRule])).max(1000),
    valid: z.boolean().nullish(),
    not: z.boolean().nullish(),
  }),
);

/** `project/query`'s predicate: a rule group over one source (the default source of its rules), negated when asked. */
export const queryPredicate = z.object({
  source: z.string().max(50),
  query: ruleGroup,
  negated: z.boolean().nullish(),
});

/** A predicate as sent. */
export type QueryPredicate = z.infer<typeof queryPredicate>;

/** One queryable column. */
export const columnRecord = z.object({ name: z.string(), source: z.enum(columnSources), type: z.enum(columnTypes) });

/** The column record type. */
export type ColumnRecord = z.infer<typeof columnRecord>;

/** Project search (clients.md A.3): queryable columns, `project/query` and `experiments/search`. */
export const searchEndpoints = {
  getProjectColumns: defineEndpoint({
    id: 'read.projectColumns',
    summary:
      "Every column a query may name in a project: metadata, metrics, params, log_other, tags and env_details, each with its type. archived=true: only archived experiments' names; false: only the others'; absent: both.",
    group: 'search',
    method: 'GET',
    needs: 'read',
    path: 'project/column-names',
    query: z.object({
      projectId: projectId.optional(),
      workspaceName: workspaceName.optional(),
      projectName: projectName.optional(),
      archived: queryBoolean.optional(),
    }),
    reply: z.object({ columns: z.array(columnRecord) }),
  }),
  queryProject: defineEndpoint({
    id: 'read.projectQuery',
    summary: "The keys of a project's experiments matching every predicate (the Python SDK's API.query); none: every experiment.",
    group: 'search',
    method: 'POST',
    needs: 'read',
    path: 'project/query',
    body: z.object({
      workspaceName,
      projectName,
      predicates: z.array(queryPredicate).max(1000).default([]),
      archived: z.boolean().nullish(),
    }),
    reply: z.object({ experimentKeys: z.array(z.string()) }),
  }),
  searchExperiments: defineEndpoint({
    id: 'read.experimentsSearch',
    summary: "A page of a project's experiments matching a rule tree (the Python SDK's API.search), newest first; deleted=true searches the archived ones.",
    group: 'search',
    method: 'POST',
    needs: 'read',
    path: 'experiments/search',
    body: z.object({
      projectId,
      rulesTree: ruleGroup.nullish(),
      limit: z.number().int().min(1).max(10_000).nullish(),
      page: z.number().int().min(1).nullish(),
      deleted: z.boolean().nullish(),
      viewId: z.unknown().optional(),
      ignorePinnedExperimentsFirst: z.unknown().optional(),
      pinnedOnly: z.unknown().optional(),
      multipleSort: z.unknown().optional(),
      chainsQueryRules: z.unknown().optional(),
    }),
    reply: z.object({ experiments: z.array(experimentMetadata) }),
  }),
  queryTable: defineEndpoint({
    id: 'ext.tableQuery',
    summary:
      "Extension: the keys of a project's experiments (archived and trashed included) passing the table's filter text " +
      '(shared/query/table-query.ts: `lr = 0.003 and loss.min < 0.2`, a plain word searches names, keys, tags and parameter values), ' +
      "in a summary column's order when sortName is given (experiments without the value last). A query error answers 400 " +
      'with the character where it went wrong and what was expected.',
    group: 'search',
    method: 'POST',
    needs: 'read',
    path: 'ext/experiments/table-query',
    body: z.object({
      projectId,
      query: z.string().max(10_000).default(''),
      sortKind: z.enum(['metric', 'param']).optional(),
      sortName: z.string().min(1).max(1000).optional(),
      sortAggregate: z.enum(['current', 'min', 'max']).default('current'),
      sortOrder: z.enum(['asc', 'desc']).default('asc'),
    }),
    reply: z.object({ experimentKeys: z.array(z.string()) }),
  }),
};
