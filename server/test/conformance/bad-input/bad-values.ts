import type { FieldSchema } from './base.ts';
import { deepArrays, deepObjects, invalidUtf8String, raw, RawJson } from './json-bytes.ts';
import type { Random } from './prng.ts';

/** The JSON type a field holds, as far as a bad value needs to know. */
export type ValueKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'any';

/** The kind of a schema node (the first non-null option of a union). */
export function kindOfSchema(schema: FieldSchema | undefined): ValueKind {
  if (!schema) return 'any';
  const options = (schema as { anyOf?: FieldSchema[]; oneOf?: FieldSchema[] }).anyOf ?? (schema as { oneOf?: FieldSchema[] }).oneOf;
  if (options) return kindOfSchema(options.find((option) => option.type !== 'null'));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer') return 'number';
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'array' || type === 'object') return type;
  return 'any';
}

/** The kind of a value already in a request. */
export function kindOfValue(value: unknown): ValueKind {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'any';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'object' ? type : 'any';
}

let letters: Buffer | undefined;
/** A JSON string literal of `bytes` letters (up to 24 MiB), cut from one shared buffer. */
export function bigString(bytes: number): RawJson {
  letters ??= Buffer.alloc(24 * 1024 * 1024, 'b');
  const quote = Buffer.from('"');
  return new RawJson(Buffer.concat([quote, letters.subarray(0, bytes), quote]), `a ${(bytes / 1024 / 1024).toFixed(1)} MB string`);
}

/** Values of the wrong type or out of range, whatever the field. */
const ANY_FIELD: readonly unknown[] = [null, [], {}, true, 0, '', [null], { '': null }, deepArrays(10_000), deepObjects(10_000), raw('1e400', '1e400 (Infinity)')];


const NUMBERS: readonly unknown[] = [
  raw('NaN'),
  raw('Infinity'),
  raw('-Infinity'),
  raw('1e309', '1e309 (Infinity)'),
  raw('-1e309', '-1e309'),
  1e308,
  -1e308,
  -1,
  raw('-0'),
  0.5,
  raw('9007199254740993'),
  5e-324,
  '1',
  'NaN',
  '',
];

const STRINGS: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  invalidUtf8String(),
  '\ud800',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%00%2e%2e%2f',
  '\u202e\ud83d\ude00\u0301\uffff',
  'x'.repeat(100_000),
  ' ',
  '\t\r\n',
  1,
  ['a'],
  {},
];

const ARRAYS: readonly unknown[] = [{}, 'a', [null], [[[]]], [{}], Array.from({ length: 100_000 }, () => 'a'), [invalidUtf8String()], [-1, 1e308]];
const BOOLEANS: readonly unknown[] = ['true', 1, 'yes', [true], {}];
const OBJECTS: readonly unknown[] = [[], 'x', [{}], raw('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', 'prototype pollution keys'), Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))];

/** One value of the wrong type, out of range or malformed for a field of this kind. */
export function badValue(kind: ValueKind, random: Random): unknown {
  const own = { string: STRINGS, number: NUMBERS, boolean: BOOLEANS, array: ARRAYS, object: OBJECTS, any: ANY_FIELD }[kind];
  return random.chance(0.7) ? random.pick(own) : random.pick(ANY_FIELD);
}

/** Query strings that are wrong for any field: empty, not numbers, extremes, traversal, NUL, invalid UTF-8 (percent-encoded as sent). */
export const BAD_QUERY_VALUES: readonly string[] = [
  '',
  '%20',
  'NaN',
  'Infinity',
  '-1',
  '-1e308',
  '1e308',
  '1e309',
  '1.5',
  '0x10',
  '9007199254740993',
  'null',
  '%5B%5D',
  '%7B%7D',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwin.ini',
  '%00',
  'a%00b',
  '%FF%FE',
  '%ED%A0%80',
  '%C3%28',
  '%F0%9F%98%80%E2%80%AE',
  'x'.repeat(8000),
];

/** Query strings that are not even well-formed. */
export const MALFORMED_QUERIES: readonly string[] = ['%zz', '%', '%%', '&&&', '=x', 'a=%E0%A4%A', 'a[]=1&a[b]=2', '__proto__[x]=1', 'constructor[prototype][x]=1', ';;;', 'a=1;b=2'];
