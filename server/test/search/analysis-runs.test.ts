import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';
import { namesOf, seedSearchProject, startSearchServer, type SearchProject } from './search-fixtures.ts';

let server: TestServer;
let project: SearchProject;

/** Reads the analysis runs of the seeded project. */
const analysis = (query: string, columns: { kind: 'metric' | 'param'; name: string }[]) =>
  server.call('getAnalysisRuns', { body: { projectId: project.projectId, query, columns } });

describe.each(testBackends())('the analysis view read on %s', (backend) => {
  beforeAll(async () => {
    ({ server } = await startSearchServer(backend));
    project = await seedSearchProject(server);
  });
  afterAll(() => server.close());

  it('answers the runs the filter selects (not trashed) with their summaries, in parallel arrays', async () => {
    const reply = await analysis('', [
      { kind: 'metric', name: 'acc' },
      { kind: 'param', name: 'lr' },
      { kind: 'param', name: 'optimizer' },
    ]);
    expect(reply.status, reply.body.msg).toBe(200);
    const { keys, tags, columns } = reply.body;
    expect(namesOf(project, keys)).toEqual(['alpha', 'beta', 'delta', 'gamma', 'linked']);
    const at = (name: keyof SearchProject['keys']) => keys.indexOf(project.keys[name]);
    const [acc, lr, optimizer] = columns;
    expect(acc).toMatchObject({ kind: 'metric', name: 'acc' });
    expect([acc?.last[at('alpha')], acc?.min[at('alpha')], acc?.max[at('alpha')]]).toEqual([0.95, 0.5, 0.95]);
    expect(acc?.last[at('delta')]).toBe(0.99);
    expect(lr?.last[at('beta')]).toBe(0.1);
    expect(lr?.last[at('gamma')]).toBeNull();
    expect(optimizer?.last[at('alpha')]).toBe('adam');
    expect([optimizer?.min, optimizer?.max, lr?.min]).toEqual([[], [], []]);
    expect(tags[at('alpha')]).toEqual(['best', 'gpu']);
    expect(reply.body.names).toHaveLength(keys.length);
  });

  it("applies the table's filter and reports a query error where it is", async () => {
    const reply = await analysis('lr > 0.02', [{ kind: 'metric', name: 'acc' }]);
    expect(namesOf(project, reply.body.keys)).toEqual(['beta', 'linked']);
    const wrong = await analysis('nope > 1', []);
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('No metric or parameter named “nope”');
  });
});
