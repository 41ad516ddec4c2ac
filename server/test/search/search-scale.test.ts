import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/harness.ts';
import { group, rule, startSearchServer } from './search-fixtures.ts';
import { seedSearchScale, type SeededValues } from './search-seed.ts';
import { testBackends, type TestBackend } from '../support/test-database.ts';

/**
 * Experiments seeded per backend: seeding through the stores costs PostgreSQL about 25 round trips per experiment
 * (seconds per thousand), so it gets a tenth of them to keep the run short; the queries and expectations are the same.
 */
const COUNTS: Record<TestBackend, number> = { sqlite: 100_000, postgres: 10_000 };
let server: TestServer;
let projectId = '';
let seeded: SeededValues[] = [];

/** Keys of the live experiments passing `test`, newest first (the order of the replies). */
const expected = (test: (values: SeededValues) => boolean, archived = false) =>
  seeded
    .filter((values) => values.archived === archived && test(values))
    .map((values) => values.key)
    .reverse();

describe.each(testBackends())('on %s', (backend) => {
  beforeAll(async () => {
    const started = await startSearchServer(backend);
    server = started.server;
    ({ projectId, experiments: seeded } = await seedSearchScale(started.location, 'scale', COUNTS[backend]));
    await seedSearchScale(started.location, 'neighbour', COUNTS[backend] / 100);
  }, 300_000);
  afterAll(() => server.close());

  describe(`search over ${COUNTS[backend].toLocaleString('en')} experiments (results only; speed is in npm run bench -- service)`, () => {
    it('pages through experiments/search: acc > 0.99 AND optimizer = adam', async () => {
      const all = expected((values) => values.acc > 0.99 && values.optimizer === 'adam');
      expect(all.length).toBeGreaterThan(COUNTS[backend] / 250);
      const rulesTree = group([rule('metrics', 'acc', 'greater', 0.99, 'double'), rule('params', 'optimizer', 'equal', 'adam', 'string')]);
      const limit = COUNTS[backend] / 1000; // 100 at 100,000: a handful of pages on either backend
      const pages = Math.ceil(all.length / limit);
      for (const page of [1, 2, pages, pages + 1]) {
        const reply = await server.call('searchExperiments', { body: { projectId, rulesTree, limit, page, deleted: false } });
        expect(reply.status, reply.body.msg).toBe(200);
        expect(reply.body.experiments.map((experiment) => experiment.experimentKey)).toEqual(all.slice((page - 1) * limit, page * limit));
      }
    });

    it('answers every key of project/query with OR, nesting and negation across sources', async () => {
      const query = group([
        group([rule('tag', 'best', 'equal', 'best'), rule('params', 'lr', 'equal', 0.001, 'double')], 'OR'),
        group([rule('log_other', 'group', 'equal', 'g3')], 'AND', true),
      ]);
      const reply = await server.call('queryProject', { body: { workspaceName: 'admin', projectName: 'scale', predicates: [{ source: 'metrics', query }] } });
      expect(reply.status, reply.body.msg).toBe(200);
      const wanted = expected((values) => (values.tagged || values.lr === '0.001') && values.group !== 'g3');
      expect(wanted.length).toBeGreaterThan(COUNTS[backend] * 0.3);
      expect(reply.body.experimentKeys).toEqual(wanted);
    });

    it('queries the archived experiments with between, and negated predicates', async () => {
      const between = { source: 'metrics', query: group([rule('metrics', 'acc', 'between', [0.1, 0.2], 'double')]) };
      const archived = await server.call('queryProject', { body: { workspaceName: 'admin', projectName: 'scale', predicates: [between], archived: true } });
      expect(archived.body.experimentKeys).toEqual(expected((values) => values.acc >= 0.1 && values.acc <= 0.2, true));
      const notSgd = { source: 'params', negated: true, query: group([rule('params', 'optimizer', 'equal', 'sgd')]) };
      const live = await server.call('queryProject', { body: { workspaceName: 'admin', projectName: 'scale', predicates: [between, notSgd] } });
      expect(live.body.experimentKeys).toEqual(expected((values) => values.acc >= 0.1 && values.acc <= 0.2 && values.optimizer !== 'sgd'));
    });

    it('lists the columns and pages the experiments list sorted by start time', async () => {
      const columns = await server.call('getProjectColumns', { query: { projectId } });
      const logged = columns.body.columns.filter((column) => column.source !== 'metadata').map((column) => `${column.source}:${column.name}:${column.type}`);
      expect(logged).toEqual(['metrics:acc:double', 'params:lr:double', 'params:optimizer:string', 'log_other:group:string', 'tag:best:string']);
      const page = await server.call('listExperiments', { query: { projectId, page: 3, size: 50, sortBy: 'startTime', sortOrder: 'asc' } });
      const oldestFirst = expected(() => true).reverse();
      expect(page.body.experiments.map((experiment) => experiment.experimentKey)).toEqual(oldestFirst.slice(100, 150));
    });
  });
});
