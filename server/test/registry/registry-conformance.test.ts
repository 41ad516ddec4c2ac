import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, fullPath, type Endpoint } from '../../../shared/api/index.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';

// The 400 checks for missing fields, for every endpoint, are in conformance-missing-fields.test.ts.

/** The operations of service part 2 (issue 4) and their reads and extensions, by contract group. */
const PART_TWO_GROUPS = new Set(['registry', 'assets', 'artifacts', 'stores', 'panels', 'rpc', 'webhooks']);
const partTwo = Object.entries(api).filter(([, endpoint]) => PART_TWO_GROUPS.has(endpoint.group)) as [string, Endpoint][];

let server: TestServer;

/** A request with no query fields and an empty body of the endpoint's kind. */
function emptyRequest(endpoint: Endpoint, key: string | null): RequestInit {
  const headers: Record<string, string> = key === null ? {} : { authorization: key };
  if (endpoint.bodyKind === 'json') return { method: endpoint.method, headers: { ...headers, 'content-type': 'application/json' }, body: '{}' };
  if (endpoint.bodyKind === 'multipart') return { method: endpoint.method, headers, body: new FormData() };
  return { method: endpoint.method, headers };
}

describe.each(testBackends())('on %s', (backend) => {
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(() => server.close());

  describe('part 2 conformance: every operation, read and extension', () => {
    it('covers the specification operations E17–E26, E31, E44–E54, E56 and E57', () => {
      const ids = new Set(partTwo.map(([, endpoint]) => endpoint.id));
      const expected = ['E17', 'E18', 'E19', 'E20', 'E21', 'E22', 'E23', 'E24', 'E25', 'E26', 'E31', 'E44', 'E45', 'E46', 'E47', 'E48', 'E49', 'E50', 'E51', 'E52', 'E53', 'E54', 'E56', 'E57'];
      expect(expected.filter((id) => !ids.has(id))).toEqual([]);
    });

    it.each(partTwo)('%s answers 401 without a key at every path and method, with the JSON error body', async (_name, endpoint) => {
      for (const path of [fullPath(endpoint), ...endpoint.aliases]) {
        for (const method of [endpoint.method, ...endpoint.alsoMethods]) {
          const reply = await server.fetch(path, { ...emptyRequest(endpoint, null), method });
          expect(reply.status, `${method} ${path}`).toBe(401);
          expect(reply.headers.get('content-type')).toBe('application/json');
          expect(await reply.json()).toMatchObject({ code: 401, sdk_error_code: 90212 });
        }
      }
    });
  });
});
