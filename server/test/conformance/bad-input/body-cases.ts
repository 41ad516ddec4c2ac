import { buildRequest, type BaseRequest } from './base.ts';
import { badCase, type CaseGenerator } from './bad-case.ts';
import { badValue, bigString, kindOfSchema, kindOfValue, type ValueKind } from './bad-values.ts';
import { deepArrays, deepObjects, encodeJson, invalidUtf8String, raw, type RawJson } from './json-bytes.ts';
import type { Random } from './prng.ts';

let manyKeys: RawJson | undefined;
/** 20,000 extra keys, made once. */
const twentyThousandKeys = () => (manyKeys ??= raw(Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(','), '20,000 extra keys'));

const INVALID_JSON = ['{', '{"a":', '{"a" 1}', "{'a':1}", '{"a":1}}', '{"a":1} trailing', '[1,]', '\ufeff{}', '{"a":"\x01"}', '\x00', 'nul', '{"a":1,}', '{"a":"\\x41"}', '{"a":"\\ud800"}'];
const NOT_OBJECTS = ['[]', '"text"', '42', 'null', 'true', '-0', '1e400'];
const CONTENT_TYPES = [
  null,
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16le',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  '*/*',
  '',
  'application/json; charset=\xff',
];

/** A path to a value inside the body: top-level fields and one level into arrays and objects. */
type FieldPath = { path: (string | number)[]; kind: ValueKind };

function fieldPaths(base: BaseRequest): FieldPath[] {
  const paths: FieldPath[] = [];
  for (const [name, schema] of Object.entries(base.bodyFields)) {
    paths.push({ path: [name], kind: kindOfSchema(schema) });
    const value = base.body?.[name];
    const inner = Array.isArray(value) ? value[0] : value;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const [key, item] of Object.entries(inner)) paths.push({ path: Array.isArray(value) ? [name, 0, key] : [name, key], kind: kindOfValue(item) });
    }
  }
  return paths;
}

/** A deep copy of the body with the value at `path` replaced (or removed when `value` is undefined). */
function replaced(body: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

const describe = (value: unknown) => {
  const text = value && typeof value === 'object' && 'note' in value ? String(value.note) : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
};

/** A random string field of the body (top level), if any. */
const stringField = (base: BaseRequest, random: Random) => {
  const strings = fieldPaths(base).filter((field) => field.kind === 'string');
  return strings.length ? random.pick(strings) : undefined;
};

/** Cases about JSON bodies, built from the endpoint's body schema. */
export const bodyGenerators: Record<string, CaseGenerator> = {
  invalidJson: (base, random) => {
    const text = random.pick(INVALID_JSON);
    return badCase('invalid JSON', JSON.stringify(text), buildRequest(base, { body: Buffer.from(text, 'latin1') }));
  },
  notAnObject: (base, random) => {
    const choice = random.pick([...NOT_OBJECTS, 'the valid body in an array']);
    const body = choice === 'the valid body in an array' ? Buffer.concat([Buffer.from('['), encodeJson(base.body), Buffer.from(']')]) : Buffer.from(choice);
    return badCase('array or scalar for the object', choice, buildRequest(base, { body }));
  },
  wrongContentType: (base, random) => {
    const contentType = random.pick(CONTENT_TYPES);
    return badCase('wrong content type', String(contentType), buildRequest(base, { contentType }));
  },
  emptyBody: (base) => badCase('empty body', 'no bytes with application/json', buildRequest(base, { body: Buffer.alloc(0) })),
  invalidUtf8: (base, random) => {
    const field = stringField(base, random);
    const body = field ? replaced(base.body ?? {}, field.path, invalidUtf8String()) : { ...base.body, extra: invalidUtf8String() };
    return badCase('invalid UTF-8', field ? field.path.join('.') : 'extra', buildRequest(base, { body: encodeJson(body) }));
  },
  nulAndSurrogates: (base, random) => {
    const field = stringField(base, random);
    const value = random.pick(['\u0000', 'before\u0000after', '\ud800', 'x\udfff', raw('"\\u0000"', 'escaped NUL')]);
    const body = field ? replaced(base.body ?? {}, field.path, value) : { ...base.body, extra: value };
    return badCase('NUL and lone surrogates', `${field ? field.path.join('.') : 'extra'} = ${describe(value)}`, buildRequest(base, { body: encodeJson(body) }));
  },
  extraFields: (base, random) => {
    const extra = random.pick([
      raw('"__proto__":{"isAdmin":true}', '__proto__'),
      raw('"constructor":{"prototype":{"isAdmin":true}}', 'constructor.prototype'),
      raw('"unknownField":1', 'unknownField'),
      twentyThousandKeys(),
      raw(`"deep":${'['.repeat(5000)}${']'.repeat(5000)}`, 'deeply nested extra field'),
    ]);
    const inner = encodeJson(base.body).subarray(1);
    const body = Buffer.concat([Buffer.from('{'), extra.bytes, inner.length > 1 ? Buffer.from(',') : Buffer.alloc(0), inner]);
    return badCase('extra fields', extra.note, buildRequest(base, { body }));
  },
  duplicateKeys: (base, random) => {
    const names = Object.keys(base.body ?? {});
    if (names.length === 0) return undefined;
    const name = random.pick(names);
    const inner = encodeJson(base.body).subarray(1);
    const body = Buffer.concat([Buffer.from(`{"${name}":12345,`), inner.subarray(0, -1), Buffer.from(`,"${name}":[1]}`)]);
    return badCase('duplicate keys', name, buildRequest(base, { body }));
  },
  missingFields: (base, random) => {
    const names = Object.keys(base.body ?? {});
    if (names.length === 0) return undefined;
    const dropAll = random.chance(0.3);
    const name = random.pick(names);
    const body = dropAll ? {} : replaced(base.body ?? {}, [name], undefined);
    return badCase('missing field', dropAll ? 'every field' : name, buildRequest(base, { body: encodeJson(body) }));
  },
  wrongValue: (base, random) => {
    const fields = fieldPaths(base);
    if (fields.length === 0) return undefined;
    const field = random.pick(fields);
    const value = badValue(field.kind, random);
    return badCase('wrong type or range', `${field.path.join('.')} = ${describe(value)}`, buildRequest(base, { body: encodeJson(replaced(base.body ?? {}, field.path, value)) }));
  },
  numberExtremes: (base, random) => {
    const numbers = fieldPaths(base).filter((field) => field.kind === 'number');
    if (numbers.length === 0) return undefined;
    const field = random.pick(numbers);
    const value = random.pick([-1, -1e308, 1e308, raw('NaN'), raw('1e309', '1e309'), raw('-0'), 0.5]);
    return badCase('NaN, ±1e308, negative', `${field.path.join('.')} = ${describe(value)}`, buildRequest(base, { body: encodeJson(replaced(base.body ?? {}, field.path, value)) }));
  },
  hugeString: (base, random) => {
    const field = stringField(base, random);
    const size = random.int(1, 10) * 1024 * 1024;
    const body = field ? replaced(base.body ?? {}, field.path, bigString(size)) : { ...base.body, extra: bigString(size) };
    return badCase('1–10 MB string', `${field ? field.path.join('.') : 'extra'}: ${size >> 20} MB`, buildRequest(base, { body: encodeJson(body) }));
  },
  deepValue: (base, random) => {
    const fields = fieldPaths(base);
    const open = fields.filter((field) => field.kind === 'any' || field.kind === 'object');
    const field = open.length ? random.pick(open) : fields.length ? random.pick(fields) : undefined;
    const value = random.pick([deepObjects(200), deepObjects(5000), deepArrays(5000)]);
    const body = field ? replaced(base.body ?? {}, field.path, value) : { ...base.body, extra: value };
    return badCase('deep nesting', `${field ? field.path.join('.') : 'extra'} = ${value.note}`, buildRequest(base, { body: encodeJson(body) }));
  },
  deepBody: (base, random) => {
    const depth = random.pick([1000, 100_000, 1_000_000]);
    return badCase('deep nesting', `arrays ${depth} deep`, buildRequest(base, { body: deepArrays(depth).bytes }));
  },
};
