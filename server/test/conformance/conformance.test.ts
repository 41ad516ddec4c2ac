import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, pathWith, type Endpoint } from '../../../shared/api/index.ts';
import { inputSchema, sampleValue } from '../support/contract-samples.ts';
import { queryString, startTestServer, type TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';

let server: TestServer;

const entries = Object.entries(api) as [string, Endpoint][];

async function send(endpoint: Endpoint, input: { query?: Record<string, unknown>; body?: unknown; key?: string | null }) {
  const headers: Record<string, string> = {};
  if (input.key !== null) headers.authorization = input.key ?? server.adminKey;
  const hasJsonBody = endpoint.bodyKind === 'json' && input.body !== undefined;
  if (hasJsonBody) headers['content-type'] = 'application/json';
  const params = sampleValue(inputSchema(endpoint.params)) as Record<string, unknown>;
  const response = await server.fetch(pathWith(endpoint, params) + queryString(input.query), {
    method: endpoint.method,
    headers,
    body: hasJsonBody ? JSON.stringify(input.body) : undefined,
  });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as { msg: string; code: number; sdk_error_code: number } };
}

// The 400 checks for missing fields are in conformance-missing-fields.test.ts.
describe.each(testBackends())('on %s', (backend) => {
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(() => server.close());

  describe('every endpoint of the contract', () => {
    const guarded = entries.filter(([, endpoint]) => !endpoint.public);

    it.each(guarded)('%s answers 401 (400 where the contract says so) without a key and with an unknown one', async (_name, endpoint) => {
      const status = endpoint.keyRefusalStatus ?? 401;
      for (const key of [null, 'not-a-registered-key-at-all']) {
        const reply = await send(endpoint, { key });
        expect(reply.status).toBe(status);
        expect(reply.type).toBe('application/json');
        expect(reply.body).toMatchObject({ code: status, sdk_error_code: 90212 });
        expect(reply.body.msg).toMatch(/API key/);
      }
    });

    it('answers 501 with an honest message only for endpoints nobody implemented yet', async () => {
      const unimplemented: string[] = [];
      for (const [name, endpoint] of entries) {
        const reply = await send(endpoint, {});
        if (reply.status === 501) {
          expect(reply.body.msg).toContain('not implemented');
          unimplemented.push(name);
        }
      }
      const core = ['createWorkspace', 'createProject', 'createExperiment', 'listExperiments', 'getExperimentMetadata', 'purgeExperiment'];
      expect(unimplemented.filter((name) => core.includes(name))).toEqual([]);
    });
  });
});
