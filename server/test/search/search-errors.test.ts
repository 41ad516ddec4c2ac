import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryPredicate, RuleGroup } from '../../../shared/api/search.ts';
import { issueApiKey } from '../../src/accounts/keys.ts';
import type { StorageLocation } from '../../src/database/open-storage.ts';
import type { TestServer } from '../support/harness.ts';
import { group, rule, seedSearchProject, startSearchServer, type SearchProject } from './search-fixtures.ts';
import { testBackends } from '../support/test-database.ts';

let server: TestServer;
let project: SearchProject;
let location: StorageLocation;

const search = (rulesTree: RuleGroup) => server.call('searchExperiments', { body: { projectId: project.projectId, rulesTree } });

describe.each(testBackends())('on %s', (backend) => {
  beforeAll(async () => {
    ({ server, location } = await startSearchServer(backend));
    project = await seedSearchProject(server);
  });
  afterAll(() => server.close());

  describe('a query the service cannot evaluate answers 400 saying why', () => {
    it.each([
      ['an unknown metric', rule('metrics', 'nope', 'greater', 1), 'no metrics column named "nope"'],
      ["another project's metric", rule('metrics', 'secret_metric', 'equal', 1), 'no metrics column named "secret_metric"'],
      ["a trashed experiment's param", rule('params', 'trashed_only', 'equal', 1), 'no params column named "trashed_only"'],
      ['an unknown env_details field', rule('env_details', 'kernel', 'equal', 'x'), 'no env_details column "kernel"'],
      ['an unknown metadata column', rule('metadata', 'color', 'equal', 'red'), 'no metadata column "color"'],
      ['a name no source has', { field: 'nowhere', operator: 'equal', value: 1 }, 'no column named "nowhere"'],
      ['an unknown source', rule('files', 'acc', 'equal', 1), 'unknown source "files"'],
      ['an unknown operator', rule('metrics', 'acc', 'like', '0.%'), 'unknown operator "like"'],
      ['an unknown type', rule('metrics', 'acc', 'equal', 1, 'float'), 'unknown type "float"'],
      ['a word for a double', rule('metrics', 'acc', 'greater', 'high', 'double'), 'the value "high" is not a number'],
      ['an object for a string', rule('params', 'optimizer', 'equal', { a: 1 }, 'string'), 'is not a string'],
      ['a maybe for a boolean', rule('params', 'augment', 'equal', 'maybe', 'boolean'), 'is not a boolean'],
      ['a non-date for a datetime', rule('metadata', 'start_server_timestamp', 'less', 'yesterday', 'datetime'), 'is not a date'],
      ['between with one bound', rule('metrics', 'acc', 'between', [0.5], 'double'), 'needs a value of two bounds'],
      ['between on a string', rule('params', 'optimizer', 'between', ['a', 'b'], 'string'), 'between does not apply to a string column'],
      ['contains on a double', rule('metrics', 'acc', 'contains', '9', 'double'), 'contains does not apply to a double column'],
      ['less on a boolean', rule('metadata', 'running', 'less', true), 'less does not apply to a boolean column'],
      ['greater on a tag', rule('tag', 'gpu', 'greater', 'gpu'), 'tags compare only with'],
      ['a rule naming no column', { operator: 'equal', value: 1 }, 'names no column'],
    ])('%s', async (_case, bad, message) => {
      const reply = await search(group([rule('metrics', 'acc', 'greater', 0), group([bad], 'OR')]));
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: 400, sdk_error_code: 40000 });
      expect(reply.body.msg).toContain(message);
    });

    it('refuses an unknown condition, nesting deeper than 20 groups and malformed bodies', async () => {
      expect((await search(group([], 'XOR'))).body.msg).toContain('condition "XOR"');
      let deep = group([rule('metrics', 'acc', 'greater', 0)]);
      for (let level = 0; level < 21; level += 1) deep = group([deep]);
      expect((await search(deep)).body.msg).toContain('deeper than 20');
      const noRules = await server.call('searchExperiments', { body: { projectId: project.projectId, rulesTree: { condition: 'AND' } as RuleGroup } });
      expect(noRules.status).toBe(400);
      expect(noRules.body.msg).toContain('"rulesTree.rules"');
      const noPredicateSource = await server.call('queryProject', {
        body: { workspaceName: 'admin', projectName: 'search', predicates: [{ query: group([]) }] as never },
      });
      expect(noPredicateSource.status).toBe(400);
      expect(noPredicateSource.body.msg).toContain('"predicates.0.source"');
      const badPredicateSource = await server.call('queryProject', {
        body: { workspaceName: 'admin', projectName: 'search', predicates: [{ source: 'metric', query: group([rule('metrics', 'acc', 'equal', 1)]) }] },
      });
      expect(badPredicateSource.status).toBe(200);
      const inherited = await server.call('queryProject', {
        body: { workspaceName: 'admin', projectName: 'search', predicates: [{ source: 'metric', query: group([{ field: 'acc', operator: 'equal', value: 1 }]) }] },
      });
      expect(inherited.body.msg).toContain('unknown source "metric"');
    });

    it('takes as many rules and predicates as the contract allows: 1,000 side by side are one answer, not a 500', async () => {
      const keysOf = (reply: Awaited<ReturnType<typeof search>>) => reply.body.experiments.map((experiment) => experiment.experimentKey);
      const everyOne = keysOf(await search(group([])));
      const notX = rule('metadata', 'experiment_key', 'not_equal', 'x');
      for (const condition of ['AND', 'OR']) {
        const flat = await search(group(Array.from({ length: 1000 }, () => notX), condition));
        expect(flat.status, flat.body.msg).toBe(200);
        expect(keysOf(flat)).toEqual(everyOne);
      }
      const query = (predicates: QueryPredicate[]) => server.call('queryProject', { body: { workspaceName: 'admin', projectName: 'search', predicates } });
      const many = await query(Array.from({ length: 1000 }, () => ({ source: 'metadata', query: group([{ field: 'experiment_key', operator: 'not_equal', value: 'x' }]) })));
      expect(many.status, many.body.msg).toBe(200);
      expect(many.body.experimentKeys).toEqual((await query([])).body.experimentKeys);
    });

    it('answers 404 for unknown projects and 403 for projects of a workspace the caller is not in', async () => {
      const unknown = await server.call('searchExperiments', { body: { projectId: 'no-such-project', rulesTree: group([]) } });
      expect(unknown.status).toBe(404);
      expect((await server.call('queryProject', { body: { workspaceName: 'admin', projectName: 'nope', predicates: [] } })).status).toBe(404);
      const eve = (await issueApiKey({ ...location, userName: 'eve' })).apiKey;
      expect((await server.call('searchExperiments', { body: { projectId: project.projectId }, key: eve })).status).toBe(403);
      expect((await server.call('queryProject', { body: { workspaceName: 'admin', projectName: 'search' }, key: eve })).status).toBe(403);
      expect((await server.call('getProjectColumns', { query: { projectId: project.projectId }, key: eve })).status).toBe(403);
    });
  });
});
