import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runName } from '../../src/experiments/run-names.ts';
import { addRunBody, sdkCall, sdkExperimentKey } from '../support/clientlib-sdk.ts';
import { startTestServer, TEST_ADMIN_KEY, type TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';

let server: TestServer;
const READABLE = /^[a-z]+-[a-z]+-(\d+)$/;

const nameOf = async (experimentKey: string) => (await server.call('getExperimentMetadata', { query: { experimentKey } })).body.experimentName;
const createRest = async (projectName: string, experimentName?: string) =>
  (await server.call('createExperiment', { body: { workspaceName: 'admin', projectName, ...(experimentName ? { experimentName } : {}) } })).body.experimentKey;

describe('runName', () => {
  it('is two words and the number, from the word lists', () => {
    expect(runName(12, () => 0)).toBe('amber-bird-12');
    expect(runName(3, (size) => size - 1)).toMatch(/^zesty-[a-z]+-3$/);
  });
});

describe.each(testBackends())('runs created without a name get a readable one on %s', (backend) => {
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(() => server.close());

  it('through the REST create: numbered in their project, a given name kept', async () => {
    const first = await nameOf(await createRest('names'));
    const second = await nameOf(await createRest('names'));
    const kept = await nameOf(await createRest('names', 'baseline'));
    const elsewhere = await nameOf(await createRest('other-names'));
    expect([first, second, elsewhere].map((name) => READABLE.exec(name ?? '')?.[1])).toEqual(['1', '2', '1']);
    expect(kept).toBe('baseline');
  });

  it("through the SDK's run handshake, which sends no name, and the SDK hears the name", async () => {
    await createRest('sdk-names');
    const key = sdkExperimentKey();
    const reply = await sdkCall(server.url, { path: 'logger/add/run', body: addRunBody(key, 'sdk-names', 'admin'), key: TEST_ADMIN_KEY, experimentKey: key });
    expect(reply.status).toBe(200);
    const name = await nameOf(key);
    expect(name).toMatch(READABLE);
    expect(READABLE.exec(name ?? '')?.[1]).toBe('2');
    expect(reply.json.name).toBe(name);
  });
});
