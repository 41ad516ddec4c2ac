import type { ColumnType, RuleOperator } from '../../../shared/api/search.ts';
import type { Operand } from './operands.ts';
import type { SqlDialect } from '../database/sql.ts';

/** A query the service cannot evaluate (unknown column, operator or source, value of the wrong type): the caller's mistake. */
export class SearchQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchQueryError';
  }
}

/** A piece of SQL with its positional parameters. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** One comparison to compile: `label` names the rule in error messages. */
export interface Comparison {
  label: string;
  type: ColumnType;
  operator: RuleOperator;
  value: unknown;
}

const DECIMAL = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const ORDER: Partial<Record<RuleOperator, string>> = {
  equal: '=',
  not_equal: '<>',
  less: '<',
  less_or_equal: '<=',
  greater: '>',
  greater_or_equal: '>=',
};
const PATTERNS: Partial<Record<RuleOperator, [negated: boolean, pattern: (text: string) => string]>> = {
  begins_with: [false, (text) => `${text}%`],
  not_begins_with: [true, (text) => `${text}%`],
  ends_with: [false, (text) => `%${text}`],
  not_ends_with: [true, (text) => `%${text}`],
  contains: [false, (text) => `%${text}%`],
  not_contains: [true, (text) => `%${text}%`],
};

const describe = (value: unknown) => JSON.stringify(value) ?? String(value);

function numberOf(value: unknown, comparison: Comparison): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && DECIMAL.test(value) && Number.isFinite(Number(value))) return Number(value);
  throw new SearchQueryError(`${comparison.label}: the value ${describe(value)} is not a number (the column is ${comparison.type}).`);
}

/** A datetime value: epoch milliseconds, or an ISO date (the SDK sends `2024-05-01 12:00:00`, read as UTC without a zone). */
function millisOf(value: unknown, comparison: Comparison): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    if (DECIMAL.test(value)) return Number(value);
    const iso = value.trim().replace(' ', 'T');
    const parsed = Date.parse(HAS_ZONE.test(iso) || !iso.includes('T') ? iso : `${iso}Z`);
    if (Number.isFinite(parsed)) return parsed;
  }
  throw new SearchQueryError(`${comparison.label}: the value ${describe(value)} is not a date (send epoch milliseconds or an ISO date such as "2024-05-01 12:00:00").`);
}

function truthOf(value: unknown, comparison: Comparison): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new SearchQueryError(`${comparison.label}: the value ${describe(value)} is not a boolean (send true or false).`);
}

function textOf(value: unknown, comparison: Comparison): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new SearchQueryError(`${comparison.label}: the value ${describe(value)} is not a string.`);
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Lower-cases ASCII letters only: SQLite's LIKE folds exactly these, whatever the locale. */
const ASCII_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * `text [NOT] LIKE pattern` as SQLite means it (case-insensitive for ASCII letters only, `\` escapes). PostgreSQL's
 * LIKE is case-sensitive and ILIKE folds by locale, so there both sides are folded to ASCII lower case instead.
 */
function likeSql(text: string, negated: boolean, pattern: string, dialect: SqlDialect): SqlPart {
  const like = negated ? 'NOT LIKE' : 'LIKE';
  if (dialect === 'sqlite') return { sql: `${text} ${like} ? ESCAPE '\\'`, params: [pattern] };
  return { sql: `translate(${text}, '${ASCII_UPPER}', '${ASCII_UPPER.toLowerCase()}') ${like} ? ESCAPE '\\'`, params: [asciiLower(pattern)] };
}

function rangeOf(comparison: Comparison, read: (value: unknown, comparison: Comparison) => number): [number, number] {
  const { value } = comparison;
  if (!Array.isArray(value) || value.length !== 2) {
    throw new SearchQueryError(`${comparison.label}: ${comparison.operator} needs a value of two bounds, [low, high]; got ${describe(value)}.`);
  }
  const [low, high] = [read(value[0], comparison), read(value[1], comparison)];
  return low <= high ? [low, high] : [high, low];
}

const refuse = (comparison: Comparison): never => {
  throw new SearchQueryError(`${comparison.label}: the operator ${comparison.operator} does not apply to a ${comparison.type} column.`);
};

function compareText(text: string, comparison: Comparison, dialect: SqlDialect): SqlPart {
  const order = ORDER[comparison.operator];
  if (order) {
    // By code point, as SQLite's BINARY collation orders: PostgreSQL's "C" collation (equality needs none).
    const ordered = dialect === 'postgres' && order !== '=' && order !== '<>' ? `${text} COLLATE "C"` : text;
    return { sql: `${ordered} ${order} ?`, params: [textOf(comparison.value, comparison)] };
  }
  const pattern = PATTERNS[comparison.operator];
  if (!pattern) return refuse(comparison);
  const [negated, build] = pattern;
  return likeSql(text, negated, build(likeEscape(textOf(comparison.value, comparison))), dialect);
}

function compareNumber(number: string, comparison: Comparison, dialect: SqlDialect): SqlPart {
  const read = comparison.type === 'datetime' ? millisOf : numberOf;
  // PostgreSQL types a parameter by its column (bigint for times), which would refuse a fractional value.
  const value = dialect === 'postgres' ? 'CAST(? AS double precision)' : '?';
  const order = ORDER[comparison.operator];
  if (order) return { sql: `${number} ${order} ${value}`, params: [read(comparison.value, comparison)] };
  if (comparison.operator !== 'between' && comparison.operator !== 'not_between') return refuse(comparison);
  const not = comparison.operator === 'not_between' ? 'NOT ' : '';
  return { sql: `${number} ${not}BETWEEN ${value} AND ${value}`, params: rangeOf(comparison, read) };
}

function compareTruth(truth: string, comparison: Comparison): SqlPart {
  if (comparison.operator !== 'equal' && comparison.operator !== 'not_equal') return refuse(comparison);
  const wanted = truthOf(comparison.value, comparison) === (comparison.operator === 'equal');
  return { sql: `${truth} = ?`, params: [wanted ? 1 : 0] };
}

/**
 * The SQL condition for a value-comparing operator (everything but is_empty/is_null and their negations) over
 * an operand, read as the comparison's type: true, false, or NULL when the value has no reading of that type.
 * Written for `dialect` where the two differ.
 */
export function compareSql(operand: Operand, comparison: Comparison, dialect: SqlDialect): SqlPart {
  switch (comparison.type) {
    case 'string':
      return compareText(operand.text, comparison, dialect);
    case 'boolean':
      return compareTruth(operand.truth, comparison);
    default:
      return compareNumber(operand.number, comparison, dialect);
  }
}

/** The type of a rule that sent none, from its value: numbers and ranges compare as double, booleans as boolean, the rest as string. */
export function typeOfValue(value: unknown): ColumnType {
  if (typeof value === 'number' || Array.isArray(value)) return 'double';
  if (typeof value === 'boolean') return 'boolean';
  return 'string';
}
