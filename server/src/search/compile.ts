import {
  columnSources,
  columnTypes,
  ruleOperators,
  type ColumnSource,
  type ColumnType,
  type QueryPredicate,
  type QueryRule,
  type RuleGroup,
  type RuleOperator,
} from '../../../shared/api/search.ts';
import { compareSql, SearchQueryError, typeOfValue, type Comparison, type SqlPart } from './compare.ts';
import type { SqlDialect } from '../database/sql.ts';
import { ENV_COLUMNS, envOperand, loggedItemOperand, metadataColumns, tagOperand, type Clock, type MetadataColumn, type Operand } from './operands.ts';

/** Sources whose names come from what experiments logged (checked against the project). */
export type LoggedSource = 'metrics' | 'params' | 'log_other';

/** What compiling needs to know about the project (and the dialect to write). */
interface CompileContext {
  clock: Clock;
  dialect: SqlDialect;
  /** True when some experiment of the project has a value of that name in that source. */
  hasName(source: LoggedSource, name: string): Promise<boolean>;
}

/** The deepest nesting of groups accepted, and the most rules in one query. */
const MAX_DEPTH = 20;
const MAX_RULES = 1000;

/** logged_items.kind of each logged-value source. */
const ITEM_KINDS = { metrics: 'metric', params: 'parameter', log_other: 'other' } as const;

/**
 * The SQL term selecting a source's summaries (alias `li`), written as literals so that SQLite can use the
 * partial index of parameter and other values (migration 009), whose condition is `kind <> 'metric'`.
 */
export const kindTerm = (source: LoggedSource) =>
  source === 'metrics' ? "li.kind = 'metric'" : `li.kind = '${ITEM_KINDS[source]}' AND li.kind <> 'metric'`;

const NULL_TESTS = ['is_empty', 'is_not_empty', 'is_null', 'is_not_null'] as const;
type NullTest = (typeof NULL_TESTS)[number];
const isNullTest = (operator: RuleOperator): operator is NullTest => (NULL_TESTS as readonly string[]).includes(operator);
/** Null tests that select experiments having a value (the others select those lacking one). */
const wantsValue = (test: NullTest) => test === 'is_not_empty' || test === 'is_not_null';
const TAG_NEGATIONS: Partial<Record<RuleOperator, RuleOperator>> = {
  not_equal: 'equal',
  not_begins_with: 'begins_with',
  not_ends_with: 'ends_with',
  not_contains: 'contains',
};

/** Rows (selecting experiment_id) holding a value of one name in one source, and how to read the value. */
function rowsOf(source: LoggedSource | 'env_details', name: string, dialect: SqlDialect): { rows: SqlPart; operand: Operand } {
  if (source === 'env_details') {
    const operand = envOperand(name, dialect);
    return { rows: { sql: `SELECT d.experiment_id FROM experiment_documents d WHERE d.kind = 'system' AND ${operand.text} IS NOT NULL`, params: [] }, operand };
  }
  return { rows: { sql: `SELECT li.experiment_id FROM logged_items li WHERE ${kindTerm(source)} AND li.name = ?`, params: [name] }, operand: loggedItemOperand };
}

/**
 * `e.id [NOT] IN (rows [AND condition])`: never NULL, so groups may negate it. SQLite evaluates the list once
 * (from the indexes of migration 009: a range for numbers, the value index for texts of params and others)
 * and, when it is the most selective term, looks the candidate experiments up by it.
 */
export function membership(wanted: boolean, rows: SqlPart, condition?: SqlPart): SqlPart {
  const where = condition ? ` AND (${condition.sql})` : '';
  return { sql: `e.id ${wanted ? 'IN' : 'NOT IN'} (${rows.sql}${where})`, params: [...rows.params, ...(condition?.params ?? [])] };
}

/**
 * Joins conditions with AND or OR (none: true), bracketed as a balanced tree rather than one long chain: SQLite refuses
 * an expression more than 1000 levels deep, and a chain of n conditions is n levels deep where a balanced tree is log2(n).
 */
export function joinConditions(parts: readonly SqlPart[], operator: 'AND' | 'OR'): SqlPart {
  if (parts.length <= 1) return parts[0] ?? { sql: '1 = 1', params: [] };
  const middle = Math.ceil(parts.length / 2);
  const [left, right] = [joinConditions(parts.slice(0, middle), operator), joinConditions(parts.slice(middle), operator)];
  return { sql: `(${left.sql}) ${operator} (${right.sql})`, params: [...left.params, ...right.params] };
}

function nullTestOn(operand: Operand, type: ColumnType, test: NullTest): SqlPart {
  const reading = type === 'string' ? operand.text : type === 'boolean' ? operand.truth : operand.number;
  // Only a text can be empty (a number or truth compared with '' is an error on PostgreSQL).
  const lacking = test === 'is_null' || test === 'is_not_null' || type !== 'string' ? `${reading} IS NULL` : `coalesce(${reading}, '') = ''`;
  return { sql: wantsValue(test) ? `NOT (${lacking})` : lacking, params: [] };
}

function metadataRule(column: MetadataColumn, comparison: Comparison, dialect: SqlDialect): SqlPart {
  const typed = { ...comparison, type: column.type };
  if (isNullTest(typed.operator)) return nullTestOn(column.operand, column.type, typed.operator);
  const condition = compareSql(column.operand, typed, dialect);
  return { sql: `coalesce((${condition.sql}), FALSE)`, params: condition.params };
}

function tagRule(comparison: Comparison, dialect: SqlDialect): SqlPart {
  const tags: SqlPart = { sql: 'SELECT t.experiment_id FROM experiment_tags t WHERE 1 = 1', params: [] };
  if (isNullTest(comparison.operator)) return membership(wantsValue(comparison.operator), tags);
  const positive = TAG_NEGATIONS[comparison.operator];
  const typed: Comparison = { ...comparison, type: 'string', operator: positive ?? comparison.operator };
  if (!['equal', 'begins_with', 'ends_with', 'contains'].includes(typed.operator)) {
    throw new SearchQueryError(`${comparison.label}: tags compare only with equal, begins_with, ends_with, contains, their negations and the is_ tests.`);
  }
  return membership(positive === undefined, tags, compareSql(tagOperand, typed, dialect));
}

function loggedRule(source: LoggedSource | 'env_details', name: string, comparison: Comparison, dialect: SqlDialect): SqlPart {
  const { rows, operand } = rowsOf(source, name, dialect);
  if (isNullTest(comparison.operator)) {
    const test = comparison.operator;
    return membership(wantsValue(test), rows, test === 'is_empty' || test === 'is_not_empty' ? { sql: `${operand.text} <> ''`, params: [] } : undefined);
  }
  return membership(true, rows, compareSql(operand, comparison, dialect));
}

/** Compiles queries over one project's experiments into SQL conditions on the experiments row `e`. */
export function createCompiler(context: CompileContext) {
  const metadata = metadataColumns(context.clock);
  let rulesSeen = 0;

  const sourceOf = async (rule: QueryRule, name: string, inherited: string | undefined, label: string): Promise<ColumnSource> => {
    const given = rule.source ?? inherited;
    if (given !== undefined && given !== null) {
      if (!(columnSources as readonly string[]).includes(given)) {
        throw new SearchQueryError(`${label}: unknown source "${given}"; expected one of ${columnSources.join(', ')}.`);
      }
      return given as ColumnSource;
    }
    if (Object.hasOwn(metadata, name)) return 'metadata';
    const logged: LoggedSource[] = [];
    for (const source of ['metrics', 'params', 'log_other'] as const) if (await context.hasName(source, name)) logged.push(source);
    const found: ColumnSource[] = Object.hasOwn(ENV_COLUMNS, name) ? [...logged, 'env_details'] : logged;
    if (found.length === 1 && found[0]) return found[0];
    if (found.length === 0) throw new SearchQueryError(`${label}: no column named "${name}" in this project (see project/column-names).`);
    throw new SearchQueryError(`${label}: "${name}" is a column of several sources (${found.join(', ')}); give the rule a "source".`);
  };

  const typeOf = (rule: QueryRule, label: string): ColumnType => {
    if (rule.type === undefined || rule.type === null) return typeOfValue(rule.value);
    if (!(columnTypes as readonly string[]).includes(rule.type)) {
      throw new SearchQueryError(`${label}: unknown type "${rule.type}"; expected one of ${columnTypes.join(', ')}.`);
    }
    return rule.type as ColumnType;
  };

  const compileRule = async (rule: QueryRule, inherited: string | undefined, path: string): Promise<SqlPart> => {
    rulesSeen += 1;
    if (rulesSeen > MAX_RULES) throw new SearchQueryError(`The query has more than ${MAX_RULES} rules.`);
    const name = rule.field ?? rule.id;
    if (!name) throw new SearchQueryError(`The rule at ${path} names no column: give "field".`);
    const label = `The rule on "${name}" (${path})`;
    if (!(ruleOperators as readonly string[]).includes(rule.operator)) {
      throw new SearchQueryError(`${label}: unknown operator "${rule.operator}"; expected one of ${ruleOperators.join(', ')}.`);
    }
    const source = await sourceOf(rule, name, inherited, label);
    const comparison: Comparison = { label, type: typeOf(rule, label), operator: rule.operator as RuleOperator, value: rule.value };
    if (source === 'tag') return tagRule(comparison, context.dialect);
    if (source === 'metadata') {
      const column = Object.hasOwn(metadata, name) ? metadata[name] : undefined;
      if (!column) throw new SearchQueryError(`${label}: no metadata column "${name}"; expected one of ${Object.keys(metadata).join(', ')}.`);
      return metadataRule(column, comparison, context.dialect);
    }
    if (source === 'env_details') {
      if (!Object.hasOwn(ENV_COLUMNS, name)) throw new SearchQueryError(`${label}: no env_details column "${name}"; expected one of ${Object.keys(ENV_COLUMNS).join(', ')}.`);
      return loggedRule(source, name, comparison, context.dialect);
    }
    if (!await context.hasName(source, name)) throw new SearchQueryError(`${label}: no ${source} column named "${name}" in this project (see project/column-names).`);
    return loggedRule(source, name, comparison, context.dialect);
  };

  const compileGroup = async (group: RuleGroup, inherited: string | undefined, path: string, depth: number): Promise<SqlPart> => {
    if (depth > MAX_DEPTH) throw new SearchQueryError(`The query nests groups deeper than ${MAX_DEPTH} levels.`);
    const condition = group.condition.toUpperCase();
    if (condition !== 'AND' && condition !== 'OR') throw new SearchQueryError(`The group at ${path} has condition "${group.condition}"; expected AND or OR.`);
    const parts: SqlPart[] = [];
    for (const [index, item] of group.rules.entries()) {
      parts.push('rules' in item ? await compileGroup(item, inherited, `${path}.rules.${index}`, depth + 1) : await compileRule(item, inherited, `${path}.rules.${index}`));
    }
    const { sql, params } = joinConditions(parts, condition);
    return { sql: group.not ? `NOT (${sql})` : sql, params };
  };

  return {
    /** A rule tree (experiments/search): rules name their own source (or one is found by name). Empty or absent: every experiment. */
    async tree(tree: RuleGroup | null | undefined): Promise<SqlPart> {
      return tree ? compileGroup(tree, undefined, 'rulesTree', 0) : { sql: '1 = 1', params: [] };
    },
    /** Predicates (project/query), all of which must hold; each is the default source of its rules. */
    async predicates(predicates: readonly QueryPredicate[]): Promise<SqlPart> {
      const parts: SqlPart[] = [];
      for (const [index, predicate] of predicates.entries()) {
        const part = await compileGroup(predicate.query, predicate.source, `predicates.${index}.query`, 0);
        parts.push(predicate.negated ? { sql: `NOT (${part.sql})`, params: part.params } : part);
      }
      return joinConditions(parts, 'AND');
    },
  };
}
