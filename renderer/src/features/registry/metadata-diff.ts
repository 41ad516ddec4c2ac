/** A version's metadata document: a JSON object. */
export type MetadataDocument = Record<string, unknown>;

/** What became of one value between two documents, at a path such as `training.lr` or `labels[2]`. */
export type MetadataChange =
  | { kind: 'added'; path: string; after: unknown }
  | { kind: 'removed'; path: string; before: unknown }
  | { kind: 'changed'; path: string; before: unknown; after: unknown };

/** The outcome of reading the metadata text the user typed. */
type ParsedMetadata = { ok: true; document: MetadataDocument } | { ok: false; message: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a JSON.parse failure happened ("line 2, column 8"), when the engine says; empty otherwise. */
function failurePlace(text: string, reason: string): string {
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(reason);
  if (lineColumn) return ` at line ${lineColumn[1]}, column ${lineColumn[2]}`;
  const position = /position (\d+)/.exec(reason)?.[1];
  if (position === undefined) return '';
  const lines = text.slice(0, Number(position)).split('\n');
  return ` at line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
}

/** Reads metadata typed as JSON text: a JSON object, or a message saying where and why the text is refused. */
export function parseMetadataText(text: string): ParsedMetadata {
  if (text.trim() === '') return { ok: true, document: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'not valid JSON';
    const words = reason.replace(/ in JSON at position \d+.*$/s, '').replace(/, ".*" is not valid JSON$/s, '');
    return { ok: false, message: `Not valid JSON${failurePlace(text, reason)}: ${words}.` };
  }
  if (!isPlainObject(value)) {
    const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    return { ok: false, message: `Metadata must be a JSON object ({ … }), not ${kind}.` };
  }
  return { ok: true, document: value };
}

/** The text a document is edited as: indented JSON, keys in their stored order. */
export function metadataText(document: MetadataDocument): string {
  return Object.keys(document).length === 0 ? '{}' : JSON.stringify(document, null, 2);
}

/** True when two JSON values are equal (object key order ignored, array order kept). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  if (isPlainObject(a) || isPlainObject(b)) {
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
  }
  return a === b;
}

const childPath = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);

/** The changes from `before` to `after`: objects compared key by key (nested too), other values as a whole; in key order. */
export function metadataDiff(before: MetadataDocument, after: MetadataDocument, parent = ''): MetadataChange[] {
  const changes: MetadataChange[] = [];
  for (const [key, old] of Object.entries(before)) {
    const path = childPath(parent, key);
    if (!Object.hasOwn(after, key)) changes.push({ kind: 'removed', path, before: old });
    else if (isPlainObject(old) && isPlainObject(after[key])) changes.push(...metadataDiff(old, after[key], path));
    else if (!sameJson(old, after[key])) changes.push({ kind: 'changed', path, before: old, after: after[key] });
  }
  for (const [key, value] of Object.entries(after)) {
    if (!Object.hasOwn(before, key)) changes.push({ kind: 'added', path: childPath(parent, key), after: value });
  }
  return changes;
}

/** A JSON value in one line for showing in a diff, cut at `limit` characters. */
export function compactJson(value: unknown, limit = 200): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** The wire form of a document: one `{key, value}` entry per top-level key. */
export function metadataEntries(document: MetadataDocument): { key: string; value: unknown }[] {
  return Object.entries(document).map(([key, value]) => ({ key, value }));
}
