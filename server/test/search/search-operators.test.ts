import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/harness.ts';
import { group, rule, searchNames, seedSearchProject, startSearchServer, type SearchProject } from './search-fixtures.ts';
import { testBackends } from '../support/test-database.ts';

let server: TestServer;
let project: SearchProject;
const clock = Date.UTC(2025, 0, 1);

/** The live experiments of the project matching one rule. */
const matching = (source: string, field: string, operator: string, value?: unknown, type?: string) =>
  searchNames(server, project, group([rule(source, field, operator, value, type)]));

describe.each(testBackends())('on %s', (backend) => {
  beforeAll(async () => {
    ({ server } = await startSearchServer(backend, { now: () => clock }));
    project = await seedSearchProject(server);
    await server.call('stopExperiment', { query: { experimentKey: project.keys.beta } });
  });
  afterAll(() => server.close());

  // Live in project "search": alpha, beta, gamma and linked (symlinked in); delta archived, epsilon trashed, stranger elsewhere.
  describe('experiments/search evaluates every operator on metrics (the latest value)', () => {
    it.each([
      ['equal', 0.8, ['beta']],
      ['not_equal', 0.8, ['alpha', 'gamma', 'linked']],
      ['less', 0.8, ['gamma']],
      ['less_or_equal', 0.8, ['beta', 'gamma']],
      ['greater', 0.91, ['alpha']],
      ['greater_or_equal', 0.91, ['alpha', 'linked']],
      ['greater', '0.9', ['alpha', 'linked']],
      ['between', ['0.7', '0.92'], ['beta', 'linked']],
      ['between', [0.92, 0.7], ['beta', 'linked']],
      ['not_between', [0.7, 0.92], ['alpha', 'gamma']],
    ])('acc %s %j', async (operator, value, expected) => {
      expect(await matching('metrics', 'acc', operator, value, 'double')).toEqual(expected);
    });

    it.each([
      ['is_null', ['gamma', 'linked']],
      ['is_not_null', ['alpha', 'beta']],
      ['is_empty', ['gamma', 'linked']],
      ['is_not_empty', ['alpha', 'beta']],
    ])('loss %s: experiments without the metric are null and empty', async (operator, expected) => {
      expect(await matching('metrics', 'loss', operator, null, 'double')).toEqual(expected);
    });
  });

  describe('on params and others (strings, numbers, booleans)', () => {
    it.each([
      ['equal', 'adam', ['alpha']],
      ['not_equal', 'adam', ['beta', 'gamma']],
      ['less', 'b', ['alpha', 'gamma']],
      ['begins_with', 'ad', ['alpha', 'gamma']],
      ['not_begins_with', 'ad', ['beta']],
      ['ends_with', 'W%', ['gamma']],
      ['ends_with', '%', ['gamma']],
      ['not_ends_with', 'd', ['alpha', 'gamma']],
      ['contains', '_', ['gamma']],
      ['not_contains', 'a', ['beta']],
    ])('optimizer %s %j (LIKE wildcards in the value are literal; case-insensitive)', async (operator, value, expected) => {
      expect(await matching('params', 'optimizer', operator, value, 'string')).toEqual(expected);
    });

    it('compares numeric params as numbers, and params without the name never match a comparison', async () => {
      expect(await matching('params', 'lr', 'less', 0.06, 'double')).toEqual(['alpha', 'linked']);
      expect(await matching('params', 'lr', 'not_equal', 0.1)).toEqual(['alpha', 'linked']);
      expect(await matching('params', 'lr', 'is_null')).toEqual(['gamma']);
    });

    it.each([
      ['equal', true, ['alpha']],
      ['equal', 1, ['alpha']],
      ['equal', 'False', ['beta']],
      ['not_equal', true, ['beta']],
    ])('boolean param augment %s %j', async (operator, value, expected) => {
      expect(await matching('params', 'augment', operator, value, 'boolean')).toEqual(expected);
    });

    it('tells an empty other from a missing one only through is_null', async () => {
      expect(await matching('log_other', 'notes', 'is_empty')).toEqual(['beta', 'gamma', 'linked']);
      expect(await matching('log_other', 'notes', 'is_not_empty')).toEqual(['alpha']);
      expect(await matching('log_other', 'notes', 'is_null')).toEqual(['gamma', 'linked']);
      expect(await matching('log_other', 'notes', 'contains', 'first')).toEqual(['alpha']);
    });
  });

  describe('on tags, env_details and metadata', () => {
    it.each([
      ['equal', 'gpu', ['alpha', 'beta']],
      ['not_equal', 'gpu', ['gamma', 'linked']],
      ['begins_with', 'sh', ['linked']],
      ['contains', 'es', ['alpha']],
      ['ends_with', 'u', ['alpha', 'beta']],
      ['not_contains', 's', ['beta', 'gamma']],
      ['is_null', null, ['gamma']],
      ['is_not_empty', null, ['alpha', 'beta', 'linked']],
    ])('tag %s %j', async (operator, value, expected) => {
      expect(await matching('tag', String(value), operator, value, 'string')).toEqual(expected);
    });

    it('reads system details fields', async () => {
      expect(await matching('env_details', 'os', 'equal', 'linux', 'string')).toEqual(['alpha']);
      expect(await matching('env_details', 'os', 'contains', 'in', 'string')).toEqual(['alpha', 'beta']);
      expect(await matching('env_details', 'pid', 'greater', 150, 'double')).toEqual(['beta']);
      expect(await matching('env_details', 'hostname', 'is_null')).toEqual(['beta', 'gamma', 'linked']);
    });

    it('folds only ASCII letters in the text operators and orders texts by code point, on either backend', async () => {
      expect(await matching('env_details', 'user', 'contains', 'zOLA', 'string')).toEqual(['alpha']);
      expect(await matching('env_details', 'user', 'begins_with', 'émile', 'string')).toEqual([]);
      expect(await matching('env_details', 'user', 'begins_with', 'Émile', 'string')).toEqual(['alpha']);
      expect(await matching('env_details', 'user', 'greater', 'z', 'string')).toEqual(['alpha']);
      expect(await matching('params', 'optimizer', 'less', 'a', 'string')).toEqual(['gamma']);
    });

    it('reads the metadata the experiment read shows', async () => {
      expect(await matching('metadata', 'experiment_name', 'equal', 'alpha-run')).toEqual(['alpha']);
      expect(await matching('metadata', 'experiment_name', 'begins_with', 'beta')).toEqual(['beta']);
      // Runs created without a name get a readable one from the service, so none is left without.
      expect(await matching('metadata', 'experiment_name', 'is_null')).toEqual([]);
      expect(await matching('metadata', 'experiment_key', 'equal', project.keys.gamma)).toEqual(['gamma']);
      expect(await matching('metadata', 'user_name', 'equal', 'admin')).toEqual(['alpha', 'beta', 'gamma', 'linked']);
      expect(await matching('metadata', 'file_name', 'is_not_null')).toEqual([]);
      expect(await matching('metadata', 'running', 'equal', false, 'boolean')).toEqual(['beta']);
    });

    it('compares datetimes (ISO text read as UTC, or epoch ms) and durations in seconds', async () => {
      expect(await matching('metadata', 'start_server_timestamp', 'less', '2024-01-15 00:00:00', 'datetime')).toEqual(['alpha']);
      expect(await matching('metadata', 'start_server_timestamp', 'between', ['2024-01-15', '2024-12-31T00:00:00+00:00'], 'datetime')).toEqual(['beta']);
      expect(await matching('metadata', 'end_server_timestamp', 'greater', Date.UTC(2024, 5, 1), 'datetime')).toEqual(['gamma', 'linked']);
      expect(await matching('metadata', 'duration', 'greater', 60, 'timenumber')).toEqual(['alpha']);
      expect(await matching('metadata', 'duration', 'between', [20, 40], 'timenumber')).toEqual(['beta']);
    });
  });

  describe('groups', () => {
    const acc = (operator: string, value: unknown) => rule('metrics', 'acc', operator, value, 'double');

    it('joins with OR, nests groups and negates them', async () => {
      expect(await searchNames(server, project, group([acc('greater', 0.9), rule('params', 'optimizer', 'equal', 'sgd')], 'OR'))).toEqual(['alpha', 'beta', 'linked']);
      const nested = group([
        acc('greater', 0.7),
        group([rule('env_details', 'os', 'equal', 'darwin'), group([rule('params', 'lr', 'less', 0.08), group([rule('tag', 'best', 'equal', 'best')], 'AND', true)])], 'OR'),
      ]);
      expect(await searchNames(server, project, nested)).toEqual(['beta', 'linked']);
      expect(await searchNames(server, project, group([acc('greater', 0.9)], 'AND', true))).toEqual(['beta', 'gamma']);
      expect(await searchNames(server, project, group([rule('metrics', 'loss', 'is_not_null', null)], 'or', true))).toEqual(['gamma', 'linked']);
    });

    it('matches every live experiment with an empty group or no rulesTree', async () => {
      expect(await searchNames(server, project, group([]))).toEqual(['alpha', 'beta', 'gamma', 'linked']);
      const reply = await server.call('searchExperiments', { body: { projectId: project.projectId } });
      expect(reply.body.experiments).toHaveLength(4);
    });

    it('finds the source of a rule that names none, when only one source has the name', async () => {
      expect(await searchNames(server, project, group([{ field: 'acc', operator: 'greater', value: 0.9 }]))).toEqual(['alpha', 'linked']);
      expect(await searchNames(server, project, group([{ id: 'experiment_name', operator: 'equal', value: 'gamma' }]))).toEqual(['gamma']);
      const ambiguous = await server.call('searchExperiments', { body: { projectId: project.projectId, rulesTree: group([{ field: 'loss', operator: 'is_null' }]) } });
      expect(ambiguous.status).toBe(400);
      expect(ambiguous.body.msg).toContain('several sources (metrics, log_other)');
    });
  });
});
