/**
 * The code of a batch decoding thread, evaluated as a CommonJS script (as the checkpointer's: the bundled service needs
 * no second entry file). Each message is a list of jobs `{id, body, encoding, limit}`; for each, it decompresses the
 * body, parses its JSON and answers the batch's items column by column (see batch-columns.ts), which the main thread
 * turns back into exactly the objects JSON.parse gave. It answers `{id, fallback: true}` for anything off the common
 * path (a body that does not decompress or is over `limit` decoded, a byte-order mark, JSON that is invalid, nested
 * over 1000 levels or that names `__proto__`/`constructor`, a body that is no object with a `values` array): the main
 * thread then reads that body the ordinary way, so every refusal keeps its status and message.
 */
export const BATCH_DECODE_SOURCE = String.raw`
'use strict';
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
const MAX_JSON_DEPTH = 1000;
const PROTO = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const CONSTRUCTOR = /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/;

function endOfString(text, start) {
  let end = start;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return end;
  }
}

function nestsDeeperThan(text, limit) {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 0x22) {
      index = endOfString(text, index);
      if (index < 0) return false;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

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
  if (text.charCodeAt(0) === 0xfeff || nestsDeeperThan(text, MAX_JSON_DEPTH) || PROTO.test(text) || CONSTRUCTOR.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPrimitive = (value) => value === null || typeof value !== 'object';

function sameKeys(item, keys) {
  const own = Object.keys(item);
  if (own.length !== keys.length) return false;
  for (let index = 0; index < keys.length; index += 1) if (own[index] !== keys[index]) return false;
  for (const key of keys) if (!isPrimitive(item[key])) return false;
  return true;
}

function column(rows, key) {
  const count = rows.length;
  let numbers = true;
  let strings = true;
  let nulls = true;
  for (const row of rows) {
    const value = row[key];
    if (typeof value !== 'number') numbers = false;
    if (typeof value !== 'string') strings = false;
    if (value !== null) nulls = false;
  }
  if (nulls) return { kind: 'null' };
  if (numbers) {
    const values = new Float64Array(count);
    for (let index = 0; index < count; index += 1) values[index] = rows[index][key];
    return { kind: 'number', values };
  }
  if (strings) {
    const words = new Map();
    const indices = new Uint32Array(count);
    for (let index = 0; index < count; index += 1) {
      const value = rows[index][key];
      let at = words.get(value);
      if (at === undefined) words.set(value, (at = words.size));
      indices[index] = at;
    }
    return { kind: 'words', words: [...words.keys()], indices };
  }
  return { kind: 'any', values: rows.map((row) => row[key]) };
}

function columns(values) {
  const first = values.find(isPlainObject);
  const keys = first ? Object.keys(first) : [];
  const rows = [];
  const rowIndices = [];
  const others = [];
  values.forEach((item, index) => {
    if (isPlainObject(item) && sameKeys(item, keys)) {
      rows.push(item);
      rowIndices.push(index);
    } else others.push([index, item]);
  });
  const packed = keys.map((key) => column(rows, key));
  const transfer = packed.flatMap((entry) => (entry.kind === 'number' ? [entry.values.buffer] : entry.kind === 'words' ? [entry.indices.buffer] : []));
  return { batch: { count: values.length, keys, columns: packed, rows: Uint32Array.from(rowIndices), others }, transfer };
}

function answer({ id, body, encoding, limit }) {
  const value = parsed(Buffer.from(body), encoding, limit);
  if (!isPlainObject(value) || !Array.isArray(value.values)) return parentPort.postMessage({ id, fallback: true });
  const { values, ...head } = value;
  const { batch, transfer } = columns(values);
  transfer.push(batch.rows.buffer);
  parentPort.postMessage({ id, head, batch }, transfer);
}

parentPort.on('message', (jobs) => jobs.forEach(answer));
`;
