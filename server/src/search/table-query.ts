import { BUILTIN_FIELDS, parseQuery, QuerySyntaxError, queryErrorMessage, type QueryField, type QueryNode, type QueryOperator } from '../../../shared/query/table-query.ts';
import type { RuleOperator } from '../../../shared/api/search.ts';
import type { SqlDialect } from '../database/sql.ts';
import { compareSql, SearchQueryError, type Comparison, type SqlPart } from './compare.ts';
import { joinConditions, kindTerm, membership, type LoggedSource } from './compile.ts';
import { metadataColumns, tagOperand, type Clock, type Operand } from './operands.ts';

/** What compiling a table filter needs: the clock (state, times), the dialect, and which names the project logged. */
interface TableQueryContext {
  clock: Clock;
  dialect: SqlDialect;
  hasName(source: LoggedSource, name: string): Promise<boolean>;
}

const RULE_OF: Record<QueryOperator, RuleOperator> = {
  '=': 'equal',
  '!=': 'not_equal',
  '<': 'less',
  '<=': 'less_or_equal',
  '>': 'greater',
  '>=': 'greater_or_equal',
  '~': 'contains',
  '!~': 'not_contains',
};
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const AGO = /^(\d+(?:\.\d+)?)(m|h|d|w)$/;
const UNIT_MILLIS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** A summary of `logged_items` (alias `li`) read at one aggregate. */
const summaryOperand = (aggregate: 'cur' | 'min' | 'max'): Operand => ({
  text: `li.${aggregate}_value`,
  number: `li.${aggregate}_number`,
  truth: 'NULL',
});

/** A query error at the offset of the text it concerns, in the message format the app reads the offset from. */
const errorAt = (at: number, message: string) => new SearchQueryError(queryErrorMessage(message, at));

/**
 * The operands of a chain of `kind`, in order, read without recursion: the parser builds `a and b and c` leaning left,
 * ((a and b) and c), so a long chain is as deep as it is long.
 */
function chainOf(node: QueryNode, kind: 'and' | 'or'): QueryNode[] {
  const operands: QueryNode[] = [];
  let current = node;
  while (current.kind === kind) {
    operands.push(current.right);
    current = current.left;
  }
  operands.push(current);
  return operands.reverse();
}

/** Compiles one table filter text over a project's experiments (alias `e`) into a condition; null text or blank: every one. */
export async function compileTableQuery(text: string, context: TableQueryContext): Promise<SqlPart> {
  let tree: QueryNode | null;
  try {
    tree = parseQuery(text);
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw errorAt(error.at, error.message);
    throw error;
  }
  if (!tree) return { sql: '1 = 1', params: [] };
  const metadata = metadataColumns(context.clock);
  const { dialect } = context;

  const word = async (value: string): Promise<SqlPart> => {
    const contains = (operand: Operand) => compareSql(operand, { label: value, type: 'string', operator: 'contains', value }, dialect);
    const name = contains({ text: 'e.name', number: 'NULL', truth: 'NULL' });
    const key = contains({ text: 'e.key', number: 'NULL', truth: 'NULL' });
    const tags = membership(true, { sql: 'SELECT t.experiment_id FROM experiment_tags t WHERE 1 = 1', params: [] }, contains(tagOperand));
    const paramRows = { sql: `SELECT li.experiment_id FROM logged_items li WHERE ${kindTerm('params')}`, params: [] };
    const numeric = DECIMAL.test(value) ? ` OR li.cur_number = ${dialect === 'postgres' ? 'CAST(? AS double precision)' : '?'}` : '';
    const params = membership(true, paramRows, { sql: `li.cur_value = ?${numeric}`, params: numeric ? [value, Number(value)] : [value] });
    const parts = [name, key, tags, params];
    return { sql: parts.map((part) => `coalesce((${part.sql}), FALSE)`).join(' OR '), params: parts.flatMap((part) => part.params) };
  };

  /** Which logged source a field names (a metric or a parameter), and under which name and aggregate. */
  const resolve = async (field: QueryField): Promise<{ source: LoggedSource; name: string; aggregate: 'cur' | 'min' | 'max' }> => {
    const aggregate = field.aggregate === 'min' || field.aggregate === 'max' ? field.aggregate : 'cur';
    const tries: [LoggedSource | undefined, string, 'cur' | 'min' | 'max'][] = [];
    for (const [prefix, source] of [['metrics.', 'metrics'], ['params.', 'params']] as const) {
      if (field.name.startsWith(prefix)) tries.push([source, field.name.slice(prefix.length), aggregate]);
    }
    tries.push([undefined, field.name, aggregate]);
    if (field.aggregate) tries.push([undefined, field.written, 'cur']);
    for (const [only, name, reading] of tries) {
      const found: LoggedSource[] = [];
      for (const source of ['metrics', 'params'] as const) if ((only === undefined || only === source) && (await context.hasName(source, name))) found.push(source);
      if (found.length === 1 && found[0]) return { source: found[0], name, aggregate: reading };
      if (found.length > 1) throw errorAt(field.at, `“${name}” is both a metric and a parameter: write metrics.${name} or params.${name}.`);
    }
    throw errorAt(field.at, `No metric or parameter named “${field.name}” in this project: pick a name from the suggestions, or one of ${BUILTIN_FIELDS.join(', ')}.`);
  };

  const comparison = (node: Extract<QueryNode, { kind: 'compare' }>, type: Comparison['type']): Comparison => ({
    label: `“${node.field.written} ${node.operator} ${node.value}”`,
    type,
    operator: RULE_OF[node.operator],
    value: node.value,
  });

  const builtin = (node: Extract<QueryNode, { kind: 'compare' }>): SqlPart | undefined => {
    const field = node.field.written.toLowerCase();
    const orderOnly = ['<', '<=', '>', '>='].includes(node.operator);
    if (field === 'name' || field === 'key' || field === 'state') {
      const column = metadata[field === 'name' ? 'experiment_name' : field === 'key' ? 'experiment_key' : 'state'];
      if (!column) return undefined;
      const part = compareSql(column.operand, comparison(node, 'string'), dialect);
      return { sql: `coalesce((${part.sql}), FALSE)`, params: part.params };
    }
    if (field === 'tag' || field === 'tags') {
      if (orderOnly) throw errorAt(node.field.at, 'Tags compare with =, !=, ~ (contains) or !~: for example tag = baseline.');
      const negated = node.operator === '!=' || node.operator === '!~';
      const positive: Comparison = { ...comparison(node, 'string'), operator: node.operator.includes('~') ? 'contains' : 'equal' };
      const rows = { sql: 'SELECT t.experiment_id FROM experiment_tags t WHERE 1 = 1', params: [] };
      return membership(!negated, rows, compareSql(tagOperand, positive, dialect));
    }
    if (field === 'start' || field === 'end') {
      const column = metadata[field === 'start' ? 'start_server_timestamp' : 'end_server_timestamp'];
      if (!column) return undefined;
      const ago = AGO.exec(node.value);
      const unit = ago?.[2] as keyof typeof UNIT_MILLIS | undefined;
      const value = ago && unit ? context.clock.now - Number(ago[1]) * UNIT_MILLIS[unit] : node.value;
      if (node.operator.includes('~')) throw errorAt(node.field.at, `Times compare with =, <, <=, > or >=: for example ${field} > 2d (two days ago) or ${field} > 2026-11-01.`);
      try {
        const part = compareSql(column.operand, { ...comparison(node, 'datetime'), value }, dialect);
        return { sql: `coalesce((${part.sql}), FALSE)`, params: part.params };
      } catch (error) {
        if (error instanceof SearchQueryError) throw errorAt(node.valueAt, `“${node.value}” is not a time: write a date (2026-11-01), or how long ago (30m, 2h, 3d, 1w).`);
        throw error;
      }
    }
    return undefined;
  };

  const compare = async (node: Extract<QueryNode, { kind: 'compare' }>): Promise<SqlPart> => {
    const own = node.field.aggregate === undefined ? builtin(node) : undefined;
    if (own) return own;
    const { source, name, aggregate } = await resolve(node.field);
    const numeric = DECIMAL.test(node.value) && !node.operator.includes('~');
    const operand = summaryOperand(aggregate);
    const rows = { sql: `SELECT li.experiment_id FROM logged_items li WHERE ${kindTerm(source)} AND li.name = ?`, params: [name] };
    return membership(true, rows, compareSql(operand, comparison(node, numeric ? 'double' : 'string'), dialect));
  };

  const walk = async (node: QueryNode): Promise<SqlPart> => {
    switch (node.kind) {
      case 'and':
      case 'or': {
        const parts: SqlPart[] = [];
        for (const operand of chainOf(node, node.kind)) parts.push(await walk(operand));
        return joinConditions(parts, node.kind === 'and' ? 'AND' : 'OR');
      }
      case 'not': {
        const inner = await walk(node.node);
        return { sql: `NOT (${inner.sql})`, params: inner.params };
      }
      case 'word':
        return word(node.text);
      case 'compare':
        return compare(node);
    }
  };
  return walk(tree);
}
