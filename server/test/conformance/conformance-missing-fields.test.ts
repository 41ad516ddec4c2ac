import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, pathWith, SdkError, type Endpoint } from '../../../shared/api/index.ts';
import { inputSchema, inputsMissingOneField, requiredFields, sampleValue } from '../support/contract-samples.ts';
import { queryString, startTestServer, type TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';

/** Endpoints left out of the one-field-missing check: no request valid but for one field can be built from the samples. */
const ONE_FIELD_SKIPS: Record<string, string> = {
  symlinkExperiment: 'its refine needs exerimentKey or experimentKey, both optional in the shape, so the sample of required fields never parses',
  moveRegistryModelVersion: 'its refine needs exactly one of stage and status, both optional in the shape, so the sample of required fields never parses',
};

/** Endpoints whose schema requires no single field but whose handler answers 400 without one of several identifiers. */
const ONE_OF_IDENTIFIERS = ['updateProject', 'getProject', 'listExperiments', 'listExperimentTags', 'getArtifact', 'getArtifactVersion', 'listArtifactVersionFiles', 'getProjectColumns'];
/** Uploads whose only required inputs are multipart parts (the experiment key inside the part requestParams): 400 naming a part. */
const PARTS_ONLY = ['clientlibSceneThumbnail', 'clientlibSceneItem'];

let server: TestServer;

const entries = Object.entries(api) as [string, Endpoint][];
type Input = { query: Record<string, unknown>; body: unknown };

/** Names of the query and JSON body fields a caller must send, from the contract's zod schemas (defaults count as optional). */
function requiredOf(endpoint: Endpoint): string[] {
  const body = endpoint.bodyKind === 'json' ? requiredFields(inputSchema(endpoint.body)) : [];
  return [...requiredFields(inputSchema(endpoint.query)), ...body];
}

/** Every field the query and body schemas know (JSON fields or multipart parts), required or not. */
function fieldsOf(endpoint: Endpoint): string[] {
  const body = endpoint.bodyKind === 'none' ? {} : inputSchema(endpoint.body).properties;
  return [...Object.keys(inputSchema(endpoint.query).properties ?? {}), ...Object.keys(body ?? {})];
}

/** The endpoint's input with every required field filled from the contract samples. */
function fullSample(endpoint: Endpoint): Input {
  const query = sampleValue(inputSchema(endpoint.query)) as Record<string, unknown>;
  return { query, body: endpoint.bodyKind === 'json' ? sampleValue(inputSchema(endpoint.body)) : undefined };
}

/** The top-level fields the contract's own schemas reject in this input (empty: the input is valid). */
function rejectedFields(endpoint: Endpoint, input: Input): string[] {
  const results = [endpoint.query.safeParse(input.query), ...(endpoint.bodyKind === 'json' ? [endpoint.body.safeParse(input.body)] : [])];
  return [...new Set(results.flatMap((result) => result.error?.issues.map((issue) => String(issue.path[0])) ?? []))];
}

/** Sends the input with the admin key: JSON body (`{}` when none), an empty form for uploads, nothing otherwise. */
async function send(endpoint: Endpoint, input: Partial<Input>) {
  const headers: Record<string, string> = { authorization: server.adminKey };
  let body: RequestInit['body'];
  if (endpoint.bodyKind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body ?? {});
  } else if (endpoint.bodyKind === 'multipart') body = new FormData();
  const params = sampleValue(inputSchema(endpoint.params)) as Record<string, unknown>;
  const response = await server.fetch(pathWith(endpoint, params) + queryString(input.query), { method: endpoint.method, headers, body });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as { msg: string; code: number; sdk_error_code: number } };
}

/** A JSON body that is an array (its items' fields are required, not the body's). */
const hasArrayBody = (endpoint: Endpoint) => endpoint.bodyKind === 'json' && inputSchema(endpoint.body).type === 'array';

/** Which of `fields` the message names the way the service quotes them (`"field"`). */
const named = (msg: string, fields: string[]) => fields.filter((field) => msg.includes(`"${field}"`));

describe.each(testBackends())('on %s', (backend) => {
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(() => server.close());

  describe('400 for missing fields, driven by the contract', () => {
    const withRequired = entries.filter(([, endpoint]) => requiredOf(endpoint).length > 0);
    const oneFieldCases = withRequired.filter(([name]) => !(name in ONE_FIELD_SKIPS));

    it.each(withRequired)('%s answers a request missing everything with 400 naming a required field', async (_name, endpoint) => {
      const reply = await send(endpoint, {});
      expect(reply.status, reply.body.msg).toBe(400);
      expect(reply.type).toBe('application/json');
      expect(reply.body).toMatchObject({ code: 400, sdk_error_code: expect.any(Number) });
      expect(named(reply.body.msg, requiredOf(endpoint)), reply.body.msg).not.toEqual([]);
    });

    it.each(oneFieldCases)('%s answers 400 naming exactly the one required field left out', async (_name, endpoint) => {
      expect(rejectedFields(endpoint, fullSample(endpoint)), 'the full sample must be valid').toEqual([]);
      for (const input of inputsMissingOneField(endpoint)) {
        const label = `${endpoint.id} without ${input.where} field ${input.field}`;
        expect(rejectedFields(endpoint, input), `${label}: valid but for that field`).toEqual([input.field]);
        const reply = await send(endpoint, input);
        expect(reply.status, `${label}: ${reply.body.msg}`).toBe(400);
        expect(reply.body.code).toBe(400);
        expect(reply.body.sdk_error_code).toBe(input.field === 'experimentKey' ? SdkError.experimentKeyMissing : SdkError.validation);
        expect(named(reply.body.msg, requiredOf(endpoint)), `${label}: ${reply.body.msg}`).toEqual([input.field]);
        expect(reply.body.msg, label).toContain(`"${input.field}" is required`);
      }
    });

    it('skips only endpoints with required fields whose sample the contract itself rejects', () => {
      for (const name of Object.keys(ONE_FIELD_SKIPS)) {
        const endpoint = (api as Record<string, Endpoint>)[name];
        expect(endpoint && requiredOf(endpoint).length, name).toBeGreaterThan(0);
        expect(rejectedFields(endpoint!, fullSample(endpoint!)), name).not.toEqual([]);
      }
    });

    it('answers 400 without required fields only where one of several identifiers is needed, naming one', async () => {
      for (const [name, endpoint] of entries.filter(([, endpoint]) => requiredOf(endpoint).length === 0 && !hasArrayBody(endpoint))) {
        const reply = await send(endpoint, {});
        expect(reply.status === 400, `${name}: ${reply.status} ${reply.body.msg}`).toBe(ONE_OF_IDENTIFIERS.includes(name) || PARTS_ONLY.includes(name));
        if (reply.status === 400) expect(fieldsOf(endpoint).some((field) => reply.body.msg.includes(field)), reply.body.msg).toBe(true);
      }
    });

    it.each(entries.filter(([, endpoint]) => hasArrayBody(endpoint)))('%s (array body) answers 400 for an object, an empty array, and an item missing a field', async (_name, endpoint) => {
      const object = await send(endpoint, { query: {}, body: {} });
      expect(object.status).toBe(400);
      expect(object.body.msg).toMatch(/expected array/);
      expect((await send(endpoint, { query: {}, body: [] })).status).toBe(400);
      const item = sampleValue(inputSchema(endpoint.body)) as Record<string, unknown>[];
      for (const field of requiredFields(inputSchema(endpoint.body).items ?? {})) {
        const without = Object.fromEntries(Object.entries(item[0] ?? {}).filter(([name]) => name !== field));
        const reply = await send(endpoint, { query: {}, body: [without] });
        expect(reply.status, reply.body.msg).toBe(400);
        expect(reply.body.msg).toContain(`"0.${field}" is required`);
      }
    });
  });
});
