import { AGGREGATES, BUILTIN_FIELDS, QuerySyntaxError, tokenize } from './table-query.ts';

/** A name the filter box may offer: a metric or a parameter of the project, or one of the table's own fields. */
export interface QueryName {
  name: string;
  kind: 'metric' | 'param' | 'field';
}

/** What to offer at the caret: the names to pick from and the part of the text a pick replaces. */
export interface QuerySuggestions {
  options: string[];
  from: number;
  to: number;
}

const MAX_OPTIONS = 20;

/**
 * The names to offer while typing `text` with the caret at `caret`: the word being typed, when it stands where a name
 * can (at the start, after "and"/"or"/"not"/"(", or after a complete comparison), completed from `names` (metrics also
 * with their `.min`/`.max`/`.last` forms) and the table's own fields; nothing inside a quote or a value.
 */
export function suggestNames(text: string, caret: number, names: readonly QueryName[]): QuerySuggestions {
  const none = { options: [], from: caret, to: caret };
  let tokens;
  try {
    tokens = tokenize(text.slice(0, caret));
  } catch (error) {
    if (error instanceof QuerySyntaxError) return none;
    throw error;
  }
  const body = tokens.slice(0, -1);
  const last = body.at(-1);
  const typing = last && last.type === 'text' && !last.quoted && last.end === caret ? last : undefined;
  const before = typing ? body.at(-2) : last;
  if (before?.type === 'op') return none;
  const prefix = typing?.text.toLowerCase() ?? '';
  const all = [
    ...names.flatMap((item) => (item.kind === 'metric' ? [item.name, ...AGGREGATES.map((aggregate) => `${item.name}.${aggregate}`)] : [item.name])),
    ...BUILTIN_FIELDS,
  ];
  const seen = new Set<string>();
  const options: string[] = [];
  for (const name of all) {
    if (options.length >= MAX_OPTIONS) break;
    if (seen.has(name) || !name.toLowerCase().startsWith(prefix) || name.toLowerCase() === prefix) continue;
    seen.add(name);
    options.push(name);
  }
  return { options, from: typing?.at ?? caret, to: caret };
}
