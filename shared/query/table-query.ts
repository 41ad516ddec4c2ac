/**
 * The experiments table's filter language, one definition for the app (parsing, suggestions, error positions) and the
 * service (which compiles the tree to SQL):
 *
 *   query      := or
 *   or         := and ("or" and)*
 *   and        := unary (["and"] unary)*          -- two terms side by side are joined by "and"
 *   unary      := "not" unary | "(" or ")" | comparison | word
 *   comparison := field op value                  -- `lr = 0.003`, `lr:0.003`, `loss.min < 0.2`, `tag ~ base`
 *   field      := name ["." ("last" | "min" | "max")]
 *   op         := "=" | ":" | "!=" | "<" | "<=" | ">" | ">=" | "~" | "!~"
 *   word       := a name, number or "quoted text" alone: searches names, keys, tags and parameter values
 *
 * Names and values are bare (letters, digits, `_ - . / + @`) or quoted with "…" or '…'. Parentheses and "not" nest at
 * most MAX_QUERY_DEPTH levels deep; "and" and "or" chains may be as long as the text.
 */

/** A comparison operator (`:` is read as `=`; `~` is "contains"). */
export type QueryOperator = '=' | '!=' | '<' | '<=' | '>' | '>=' | '~' | '!~';

/** Which value of a metric's summary a comparison reads. */
export type QueryAggregate = 'last' | 'min' | 'max';

/** A field as written: its name, the aggregate suffix if any, and where it stands in the text. */
export interface QueryField {
  name: string;
  aggregate: QueryAggregate | undefined;
  /** The name as written with its suffix (`loss.min`), for messages. */
  written: string;
  at: number;
  end: number;
}

/** A node of a parsed query. */
export type QueryNode =
  | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode }
  | { kind: 'not'; node: QueryNode }
  | { kind: 'compare'; field: QueryField; operator: QueryOperator; value: string; valueAt: number }
  | { kind: 'word'; text: string; at: number };

/** A query the grammar rejects, with the character offset where it went wrong and what would have been accepted. */
export class QuerySyntaxError extends Error {
  readonly at: number;
  readonly expected: readonly string[];
  constructor(message: string, at: number, expected: readonly string[]) {
    super(message);
    this.name = 'QuerySyntaxError';
    this.at = at;
    this.expected = expected;
  }
}

/** The words that name the table's own fields rather than a logged metric or parameter. */
export const BUILTIN_FIELDS = ['name', 'key', 'tag', 'state', 'start', 'end'] as const;
/** One of `BUILTIN_FIELDS`. */
export type BuiltinField = (typeof BUILTIN_FIELDS)[number];

/** The suffixes that pick a metric's summary value. */
export const AGGREGATES: readonly QueryAggregate[] = ['last', 'min', 'max'];

/**
 * How deep parentheses and "not" may nest, together: far beyond what anyone writes, and well within the stack of the
 * parser and of every walker of its tree (a few thousand levels overflow them).
 */
export const MAX_QUERY_DEPTH = 100;

/** The operators, longest first (so `<=` is read before `<`). */
const OPERATORS = ['!=', '<=', '>=', '!~', '=', ':', '<', '>', '~'] as const;
const BARE = /[A-Za-z0-9_\-./+@]/;

/** One token: a bare or quoted text, an operator, a parenthesis, or the end. */
interface Token {
  type: 'text' | 'op' | '(' | ')' | 'end';
  text: string;
  quoted: boolean;
  at: number;
  end: number;
}

/** Splits a query into tokens; an unclosed quote or a stray character is a `QuerySyntaxError` at its offset. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source.charAt(index);
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === '(' || char === ')') {
      tokens.push({ type: char, text: char, quoted: false, at: index, end: index + 1 });
      index += 1;
    } else if (char === '"' || char === "'") {
      const close = source.indexOf(char, index + 1);
      if (close < 0) throw new QuerySyntaxError(`The quote at ${index + 1} is not closed: add ${char} after the text.`, index, [char]);
      tokens.push({ type: 'text', text: source.slice(index + 1, close), quoted: true, at: index, end: close + 1 });
      index = close + 1;
    } else {
      const op = OPERATORS.find((candidate) => source.startsWith(candidate, index));
      if (op) {
        tokens.push({ type: 'op', text: op, quoted: false, at: index, end: index + op.length });
        index += op.length;
      } else if (BARE.test(char)) {
        let end = index;
        while (end < source.length && BARE.test(source.charAt(end))) end += 1;
        tokens.push({ type: 'text', text: source.slice(index, end), quoted: false, at: index, end });
        index = end;
      } else {
        throw new QuerySyntaxError(`“${char}” at ${index + 1} is not part of a query: quote texts that contain it.`, index, ['a name', 'a value']);
      }
    }
  }
  tokens.push({ type: 'end', text: '', quoted: false, at: source.length, end: source.length });
  return tokens;
}

const isKeyword = (token: Token, word: string) => token.type === 'text' && !token.quoted && token.text.toLowerCase() === word;

/** Reads `loss.min` as the metric `loss`'s minimum; any other dotted name is kept whole. */
export function fieldOf(token: Pick<Token, 'text' | 'quoted' | 'at' | 'end'>): QueryField {
  const dot = token.quoted ? -1 : token.text.lastIndexOf('.');
  const suffix = dot > 0 ? token.text.slice(dot + 1).toLowerCase() : '';
  const aggregate = (AGGREGATES as readonly string[]).includes(suffix) ? (suffix as QueryAggregate) : undefined;
  return { name: aggregate ? token.text.slice(0, dot) : token.text, aggregate, written: token.text, at: token.at, end: token.end };
}

/** Parses a filter text; an empty (or blank) text is `null`: no filter. Errors are `QuerySyntaxError`. */
export function parseQuery(source: string): QueryNode | null {
  const tokens = tokenize(source);
  let position = 0;
  const peek = (): Token => tokens[Math.min(position, tokens.length - 1)] as Token;
  const next = (): Token => {
    const token = peek();
    position += 1;
    return token;
  };
  const fail = (token: Token, what: string, expected: readonly string[]): never => {
    const found = token.type === 'end' ? 'the end of the filter' : `“${token.text}”`;
    throw new QuerySyntaxError(`Expected ${what} at ${token.at + 1}, found ${found}.`, token.at, expected);
  };
  let depth = 0;
  /** Reads what `opener` (a "(" or "not") applies to, one level deeper; past MAX_QUERY_DEPTH, an error at the opener. */
  const nested = <T>(opener: Token, read: () => T): T => {
    if (depth === MAX_QUERY_DEPTH) {
      throw new QuerySyntaxError(`“${opener.text}” at ${opener.at + 1} nests parentheses and “not” more than ${MAX_QUERY_DEPTH} levels deep: write the filter flatter.`, opener.at, []);
    }
    depth += 1;
    const inner = read();
    depth -= 1;
    return inner;
  };
  const startsTerm = (token: Token) => token.type === '(' || (token.type === 'text' && !isKeyword(token, 'and') && !isKeyword(token, 'or'));

  const unary = (): QueryNode => {
    const token = peek();
    if (isKeyword(token, 'not')) {
      next();
      return { kind: 'not', node: nested(token, unary) };
    }
    if (token.type === '(') {
      next();
      const inner = nested(token, or);
      if (peek().type !== ')') fail(peek(), '“)”', [')', 'and', 'or']);
      next();
      return inner;
    }
    if (token.type !== 'text' || isKeyword(token, 'and') || isKeyword(token, 'or')) return fail(token, 'a name or a word', ['a name', 'a word', '(', 'not']);
    next();
    if (peek().type !== 'op') return { kind: 'word', text: token.text, at: token.at };
    const op = next();
    const value = peek();
    if (value.type !== 'text') return fail(value, `a value after “${op.text}”`, ['a value']);
    next();
    const operator = (op.text === ':' ? '=' : op.text) as QueryOperator;
    return { kind: 'compare', field: fieldOf(token), operator, value: value.text, valueAt: value.at };
  };

  const and = (): QueryNode => {
    let left = unary();
    for (;;) {
      if (isKeyword(peek(), 'and')) next();
      else if (!startsTerm(peek())) return left;
      left = { kind: 'and', left, right: unary() };
    }
  };

  const or = (): QueryNode => {
    let left = and();
    while (isKeyword(peek(), 'or')) {
      next();
      left = { kind: 'or', left, right: and() };
    }
    return left;
  };

  if (peek().type === 'end') return null;
  const tree = or();
  if (peek().type !== 'end') fail(peek(), '“and”, “or” or the end', ['and', 'or']);
  return tree;
}

/** The message the service answers for a query error at `at`: the offset is written so that `errorOffset` finds it again. */
export function queryErrorMessage(message: string, at: number): string {
  return `Filter error at character ${at + 1}: ${message}`;
}

/** The character offset named by a `queryErrorMessage`, if the message is one. */
export function errorOffset(message: string): number | undefined {
  const match = /^Filter error at character (\d+):/.exec(message);
  return match ? Number(match[1]) - 1 : undefined;
}
