import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
let clock = Date.UTC(2025, 0, 1);
/** Keys by name; created one minute apart in this order, with start times in another order. */
const keys: Record<string, string> = {};
const START_DAYS: Record<string, number> = { one: 3, two: 1, three: 5, four: 2, five: 4 };

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  for (const [name, day] of Object.entries(START_DAYS)) {
    clock += 60_000;
    const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'pages', experimentName: name } });
    keys[name] = created.body.experimentKey;
    const start = Date.UTC(2024, 0, day);
    const end = start + (6 - day) * 3_600_000;
    await server.call('setStartEndTime', { body: { experimentKey: created.body.experimentKey, startTimeMillis: start, endTimeMillis: end } });
  }
});
afterAll(() => server.close());

/** Lists with a raw query string (as the clients send it) and answers the experiment names in order. */
async function list(query: string): Promise<string[]> {
  const reply = await server.fetch(`/api/rest/v2/experiments?workspaceName=admin&projectName=pages${query}`, { headers: { authorization: server.adminKey } });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { experiments: { experimentName: string }[] }).experiments.map((experiment) => experiment.experimentName);
}

describe('experiments: page, size, sortBy, sortOrder (clients.md A.6)', () => {
  it('keeps the plain list when none is given: every experiment, newest first', async () => {
    expect(await list('')).toEqual(['five', 'four', 'three', 'two', 'one']);
  });

  it('pages with a 1-based page and size', async () => {
    expect(await list('&page=1&size=2')).toEqual(['five', 'four']);
    expect(await list('&page=2&size=2')).toEqual(['three', 'two']);
    expect(await list('&page=3&size=2')).toEqual(['one']);
    expect(await list('&page=4&size=2')).toEqual([]);
    expect(await list('&size=3')).toEqual(['five', 'four', 'three']);
  });

  it('sorts by start or end time, descending unless sortOrder=asc', async () => {
    expect(await list('&sortBy=startTime&sortOrder=asc')).toEqual(['two', 'four', 'one', 'five', 'three']);
    expect(await list('&sortBy=startTime')).toEqual(['three', 'five', 'one', 'four', 'two']);
    // End = start + (6 - day) hours: the end times keep the start times' order, a day apart at most 5 hours.
    expect(await list('&sortBy=endTime&sortOrder=asc&page=1&size=2')).toEqual(['two', 'four']);
    expect(await list('&sortBy=endTime&sortOrder=desc&page=2&size=2')).toEqual(['one', 'four']);
    expect(await list('&sortOrder=asc')).toEqual(['one', 'two', 'three', 'four', 'five']);
  });

  it('answers 400 for a page below 1, an unknown sort field or order', async () => {
    for (const query of ['&page=0', '&size=0', '&page=x', '&sortBy=name', '&sortOrder=up']) {
      const reply = await server.fetch(`/api/rest/v2/experiments?workspaceName=admin&projectName=pages${query}`, { headers: { authorization: server.adminKey } });
      expect(reply.status, query).toBe(400);
    }
  });
});
