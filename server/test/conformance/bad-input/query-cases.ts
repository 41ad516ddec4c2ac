import { buildRequest, targetOf } from './base.ts';
import { badCase, type CaseGenerator } from './bad-case.ts';
import { BAD_QUERY_VALUES, kindOfSchema, MALFORMED_QUERIES } from './bad-values.ts';

/** Cases about the query string, built from the endpoint's query schema. */
export const queryGenerators: Record<string, CaseGenerator> = {
  badQueryValue: (base, random) => {
    const fields = Object.keys(base.queryFields);
    if (fields.length === 0) return undefined;
    const field = random.pick(fields);
    const value = random.pick(BAD_QUERY_VALUES);
    const query = { ...base.query };
    delete query[field];
    const request = buildRequest(base, { query, rawQuery: `${encodeURIComponent(field)}=${value}` });
    return badCase('wrong query value', `${field}=${value.slice(0, 40)}`, request);
  },
  numberExtremes: (base, random) => {
    const numbers = Object.entries(base.queryFields).filter(([, schema]) => kindOfSchema(schema) === 'number' || kindOfSchema(schema) === 'any');
    if (numbers.length === 0) return undefined;
    const [field] = random.pick(numbers);
    const value = random.pick(['-1', 'NaN', '1e308', '-1e308', '1e309', '-0', '0.5', '99999999999999999999']);
    return badCase('NaN, ±1e308, negative', `${field}=${value}`, buildRequest(base, { query: { ...base.query, [field]: value } }));
  },
  duplicatedQuery: (base, random) => {
    const fields = Object.keys(base.queryFields);
    if (fields.length === 0) return undefined;
    const field = random.pick(fields);
    const first = base.query[field] ?? 'x';
    const query = { ...base.query, [field]: [first, random.pick(['other', '', '-1', String(first)])] };
    return badCase('duplicated query parameter', field, buildRequest(base, { query }));
  },
  missingQuery: (base, random) => {
    const fields = Object.keys(base.query);
    if (fields.length === 0) return undefined;
    const dropAll = random.chance(0.3);
    const field = random.pick(fields);
    const query = dropAll ? {} : Object.fromEntries(Object.entries(base.query).filter(([name]) => name !== field));
    return badCase('missing query field', dropAll ? 'every field' : field, buildRequest(base, { query }));
  },
  extraQuery: (base, random) => {
    const [name, value] = random.pick([
      ['unknownField', '1'],
      ['__proto__', 'x'],
      ['constructor', 'x'],
      ['%00', 'x'],
      ['a'.repeat(2000), 'b'],
    ]);
    return badCase('extra query field', name.slice(0, 40), buildRequest(base, { rawQuery: `${name}=${value}` }));
  },
  malformedQuery: (base, random) => {
    const rawQuery = random.pick(MALFORMED_QUERIES);
    return badCase('malformed query', rawQuery, buildRequest(base, { rawQuery }));
  },
  rawBytesInTarget: (base, random) => {
    const bytes = random.pick(['\xff\xfe', '\xc3\x28', 'caf\xe9', '\x7f', ' x', '#frag']);
    const request = buildRequest(base);
    const target = targetOf(base.path, base.query, `raw=${bytes}`);
    return badCase('raw bytes in URL', JSON.stringify(bytes), { ...request, target }, false);
  },
};
