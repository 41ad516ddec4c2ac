import { endOfString, MAX_JSON_DEPTH, nestsDeeperThan } from '../http/json-nesting.ts';

/**
 * The code of a batch decoding thread, evaluated as a CommonJS script (as the checkpointer's: the bundled service needs
 * no second entry file). Each message is a list of jobs `{id, body, encoding, limit}`; for each, it decompresses the
 * body, parses its JSON and answers the batch's items column by column (see batch-columns.ts), which the main thread
 * turns back into exactly the objects JSON.parse gave. It answers `{id, fallback: true}` for anything off the common
 * path (a body that does not decompress or is over `limit` decoded, a byte-order mark, JSON that is invalid, nested
 * over 1000 levels or that names `__proto__`/`constructor`, a body that is no object with a `values` array): the main
 * thread then reads that body the ordinary way, so every refusal keeps its status and message. The nesting is
 * checked on the parsed body when that is exact (see tooDeep), which costs a tenth of scanning the text; the scan of
 * the text is the main thread's own (http/json-nesting.ts, embedded).
 */
export const BATCH_DECODE_SOURCE = String.raw`
'use strict';
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
const MAX_JSON_DEPTH = ${MAX_JSON_DEPTH};
const PROTO = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const CONSTRUCTOR = /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/;

${endOfString}
const nestsDeeperThan = ${nestsDeeperThan};

/** Decoded text above which the nesting is checked before parsing (parsing deep nesting first would hold too much memory). */
const SCAN_FIRST_CHARS = 1 << 20;

/** The text of a body and what JSON.parse makes of it, or undefined off the common path. */
function parsed(body, encoding, limit) {
  let bytes = body;
  try {
    if (encoding === 'gzip') bytes = zlib.gunzipSync(body, { maxOutputLength: limit });
    else if (encoding === 'deflate') bytes = zlib.inflateSync(body, { maxOutputLength: limit });
  } catch {
    return undefined;
  }
  if (bytes.length === 0 || bytes.length > limit) return undefined;
  const text = bytes.toString('utf8');
  // The key patterns need their word spelled out, or an escape: most bodies rule both out with two quick searches.
  const escapes = text.includes('\\u');
  if (text.charCodeAt(0) === 0xfeff || ((escapes || text.includes('__proto__')) && PROTO.test(text))) return undefined;
  if ((escapes || text.includes('constructor')) && CONSTRUCTOR.test(text)) return undefined;
  if (text.length > SCAN_FIRST_CHARS && nestsDeeperThan(text, MAX_JSON_DEPTH)) return undefined;
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** How many '{' and '[' the text holds, strings included. */
function openers(text) {
  let count = 0;
  for (const char of ['{', '[']) for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

/** Adds the arrays and objects of value (at level if it is one) to shape: their count and deepest level. */
function measure(value, level, shape) {
  const pending = [[value, level]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (typeof current !== 'object' || current === null) continue;
    shape.count += 1;
    if (depth > shape.depth) shape.depth = depth;
    for (const key in current) pending.push([current[key], depth + 1]);
  }
}

/**
 * Whether the text nests deeper than the limit, known without scanning it when every '{' and '[' of the text is an
 * array or object of the parsed body (none inside a string, none dropped with a repeated key): then the body's
 * depth is the text's. Rows are objects of primitives, one level below the 'values' array.
 */
function tooDeep(text, head, batch) {
  const shape = { count: 2 + batch.rows.length, depth: batch.rows.length > 0 ? 3 : 2 };
  for (const key in head) measure(head[key], 2, shape);
  for (const [, item] of batch.others) measure(item, 3, shape);
  if (shape.count === openers(text)) return shape.depth > MAX_JSON_DEPTH;
  return text.length <= SCAN_FIRST_CHARS && nestsDeeperThan(text, MAX_JSON_DEPTH);
}

const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Appends the item's fields to cells when it has exactly keys, in order, each a primitive; else leaves them. */
function takeRow(item, keys, cells) {
  let field = 0;
  let fits = true;
  for (const key in item) {
    const value = item[key];
    if (field === keys.length || key !== keys[field] || (typeof value === 'object' && value !== null)) {
      fits = false;
      break;
    }
    cells[field].push(value);
    field += 1;
  }
  if (fits && field === keys.length) return true;
  for (let taken = 0; taken < field; taken += 1) cells[taken].pop();
  return false;
}

/** The column of values whose first is a number, or undefined when another is not. */
function numbers(values) {
  const column = new Float64Array(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (typeof value !== 'number') return undefined;
    column[index] = value;
  }
  return { kind: 'number', values: column };
}

/** The column of values whose first is a string, or undefined when another is not. */
function words(values) {
  const indices = new Uint32Array(values.length);
  const seen = new Map();
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (typeof value !== 'string') return undefined;
    let at = seen.get(value);
    if (at === undefined) seen.set(value, (at = seen.size));
    indices[index] = at;
  }
  return { kind: 'words', words: [...seen.keys()], indices };
}

/** Whether every value is null. */
function allNull(values) {
  for (let index = 0; index < values.length; index += 1) if (values[index] !== null) return false;
  return true;
}

/** One indexed pass over the values, of the kind their first one suggests (no pass per kind). */
function column(values) {
  const first = values[0];
  const typed = typeof first === 'number' ? numbers(values) : typeof first === 'string' ? words(values) : undefined;
  if (typed) return typed;
  return allNull(values) ? { kind: 'null' } : { kind: 'any', values };
}

function columns(values) {
  const first = values.find(isPlainObject);
  const keys = first ? Object.keys(first) : [];
  const cells = keys.map(() => []);
  const rows = [];
  const others = [];
  values.forEach((item, index) => {
    if (isPlainObject(item) && takeRow(item, keys, cells)) rows.push(index);
    else others.push([index, item]);
  });
  return { count: values.length, keys, columns: cells.map(column), rows: Uint32Array.from(rows), others };
}

function answer({ id, body, encoding, limit }) {
  const read = parsed(Buffer.from(body), encoding, limit);
  if (!read || !isPlainObject(read.value) || !Array.isArray(read.value.values)) return parentPort.postMessage({ id, fallback: true });
  const { values, ...head } = read.value;
  const batch = columns(values);
  if (tooDeep(read.text, head, batch)) return parentPort.postMessage({ id, fallback: true });
  const transfer = batch.columns.flatMap((entry) => (entry.kind === 'number' ? [entry.values.buffer] : entry.kind === 'words' ? [entry.indices.buffer] : []));
  transfer.push(batch.rows.buffer);
  parentPort.postMessage({ id, head, batch }, transfer);
}

parentPort.on('message', (jobs) => jobs.forEach(answer));
`;
