import { fullPath, type Endpoint } from '../../../../shared/api/index.ts';
import { inputSchema, sampleValue } from '../../support/contract-samples.ts';
import type { FixtureValues } from './fixtures.ts';
import { encodeJson } from './json-bytes.ts';
import type { RawRequest } from './raw-http.ts';

/** A JSON Schema node of one input field (as contract-samples emits them). */
export type FieldSchema = ReturnType<typeof inputSchema>;

/** A valid request to one endpoint, which the generators then break in one way each. */
export interface BaseRequest {
  name: string;
  endpoint: Endpoint;
  method: string;
  path: string;
  key: string;
  query: Record<string, unknown>;
  /** The JSON body (JSON endpoints only). */
  body: Record<string, unknown> | undefined;
  /** Field schemas of the query and of the JSON body, by field name. */
  queryFields: Record<string, FieldSchema>;
  bodyFields: Record<string, FieldSchema>;
}

/** The names of the endpoint's query and JSON body fields. */
export function inputFields(endpoint: Endpoint): string[] {
  const body = endpoint.bodyKind === 'json' ? Object.keys(inputSchema(endpoint.body).properties ?? {}) : [];
  return [...Object.keys(inputSchema(endpoint.query).properties ?? {}), ...body];
}

/** Overlays the fixture values on a sample of the schema, for every field the schema has. */
function withFixtures(schema: FieldSchema, sample: unknown, fixtures: FixtureValues): Record<string, unknown> {
  const value = { ...(sample as Record<string, unknown>) };
  for (const field of Object.keys(schema.properties ?? {})) if (field in fixtures) value[field] = fixtures[field];
  return value;
}

/** The endpoint's valid request: contract samples for every required field, real identifiers where the fixtures have them. */
export function baseRequest(name: string, endpoint: Endpoint, key: string, fixtures: FixtureValues): BaseRequest {
  const querySchema = inputSchema(endpoint.query);
  let query = withFixtures(querySchema, sampleValue(querySchema), fixtures);
  if (!endpoint.query.safeParse(query).success) query = sampleValue(querySchema) as Record<string, unknown>;
  const bodySchema = endpoint.bodyKind === 'json' ? inputSchema(endpoint.body) : undefined;
  let body = bodySchema ? withFixtures(bodySchema, sampleValue(bodySchema), fixtures) : undefined;
  if (bodySchema && !endpoint.body.safeParse(body).success) body = sampleValue(bodySchema) as Record<string, unknown>;
  return {
    name,
    endpoint,
    method: endpoint.method,
    path: fullPath(endpoint),
    key,
    query,
    body,
    queryFields: querySchema.properties ?? {},
    bodyFields: bodySchema?.properties ?? {},
  };
}

/** Percent-encodes a query value the way a client does (latin1 text is left to the caller to pre-encode). */
const encode = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));

/** The path and query string of a query object; arrays repeat the parameter, `rawQuery` is appended as it is. */
export function targetOf(path: string, query: Record<string, unknown>, rawQuery = ''): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${encodeURIComponent(name)}=${encode(item)}`);
  }
  if (rawQuery) pairs.push(rawQuery);
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** One part of a multipart body; `headers` replaces the generated part headers when given. */
export interface FormPart {
  name?: string;
  filename?: string;
  contentType?: string;
  headers?: string[];
  data: Buffer | string;
}

/** The boundary of the valid multipart bodies. */
export const BOUNDARY = '----bad-input-boundary-7MA4YWxkTrZu0gW';

/** Encodes parts as multipart/form-data with the boundary; `closed: false` leaves out the closing boundary. */
export function encodeMultipart(parts: FormPart[], boundary = BOUNDARY, closed = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data${part.name === undefined ? '' : `; name="${part.name}"`}${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const headers = part.headers ?? [disposition, ...(part.contentType ? [`Content-Type: ${part.contentType}`] : [])];
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.map((line) => `${line}\r\n`).join('')}\r\n`, 'latin1'));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'), Buffer.from('\r\n'));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The valid upload every multipart endpoint gets: a small text file in the part `file`. */
export const validParts = (): FormPart[] => [{ name: 'file', filename: 'bad-input.txt', contentType: 'text/plain', data: 'some bytes\n' }];

/** How a generator changes the base request; what it leaves out stays valid. */
export interface Change {
  method?: string;
  path?: string;
  query?: Record<string, unknown>;
  /** Appended to the query string as it is (may be malformed). */
  rawQuery?: string;
  /** The body bytes; null sends none. */
  body?: Buffer | null;
  /** The Content-Type; null sends none. */
  contentType?: string | null;
  /** Further header lines, after the usual ones. */
  headers?: [string, string][];
  /** False leaves out the key. */
  withKey?: boolean;
  /** Bytes written after the head instead of a body with Content-Length. */
  rawBody?: Buffer;
}

/** The body and content type the endpoint takes when valid. */
function validBody(base: BaseRequest): { body: Buffer | undefined; contentType: string | undefined } {
  if (base.endpoint.bodyKind === 'json') return { body: encodeJson(base.body), contentType: 'application/json' };
  if (base.endpoint.bodyKind === 'multipart') return { body: encodeMultipart(validParts()), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
  return { body: undefined, contentType: undefined };
}

/** The base request with one change (or none: the valid request). */
export function buildRequest(base: BaseRequest, change: Change = {}): RawRequest {
  const valid = validBody(base);
  const body = change.body === null ? undefined : (change.body ?? valid.body);
  const contentType = change.contentType === null ? undefined : (change.contentType ?? valid.contentType);
  const headers: [string, string][] = [['Host', '127.0.0.1']];
  if (change.withKey ?? true) headers.push(['Authorization', base.key]);
  if (contentType !== undefined) headers.push(['Content-Type', contentType]);
  headers.push(...(change.headers ?? []));
  return {
    method: change.method ?? base.method,
    target: targetOf(change.path ?? base.path, change.query ?? base.query, change.rawQuery),
    headers,
    ...(body ? { body } : {}),
    ...(change.rawBody ? { rawBody: change.rawBody } : {}),
  };
}
