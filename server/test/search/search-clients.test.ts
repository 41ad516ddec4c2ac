import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/harness.ts';
import { asReply, group, namesOf, post, queryNames, rule, searchNames, seedSearchProject, startSearchServer, type SearchProject } from './search-fixtures.ts';
import { testBackends } from '../support/test-database.ts';

let server: TestServer;
let project: SearchProject;

/** A predicate exactly as comet_ml's QueryExpression.get_predicates builds it (one source, AND of its rules). */
const predicate = (source: string, rules: { field: string; type: string; operator: string; value: unknown }[]) => ({
  source,
  query: { condition: 'AND', rules: rules.map(({ field, ...rest }) => ({ id: field, field, ...rest })), valid: true },
});

/** POSTs a raw body as the Python SDK does (JSON with a charset) and answers status and body. */
const send = (path: string, body: unknown) => server.fetch(`/api/rest/v2/${path}`, post(server, body)).then(asReply);

describe.each(testBackends())('on %s', (backend) => {
  beforeAll(async () => {
    ({ server } = await startSearchServer(backend, { now: () => Date.UTC(2025, 0, 1) }));
    project = await seedSearchProject(server);
  });
  afterAll(() => server.close());

  describe('project/query with the bodies API.query sends', () => {
    it('ANDs the predicates: Metric("acc") > 0.9 & Parameter("lr") <= 0.01 & Tag("best")', async () => {
      const reply = await send('project/query', {
        workspaceName: 'admin',
        projectName: 'search',
        predicates: [
          predicate('metrics', [{ field: 'acc', type: 'double', operator: 'greater', value: 0.9 }]),
          predicate('params', [{ field: 'lr', type: 'double', operator: 'less_or_equal', value: 0.01 }]),
          predicate('tag', [{ field: 'best', type: 'string', operator: 'equal', value: 'best' }]),
        ],
        archived: false,
      });
      expect(reply.status, reply.body.msg).toBe(200);
      expect(reply.body).toEqual({ experimentKeys: [project.keys.alpha] });
    });

    it('merges rules of one source into one predicate, and reads the SDK encodings of None, "", True and datetime', async () => {
      const metrics = predicate('metrics', [
        { field: 'acc', type: 'double', operator: 'greater', value: 0.7 },
        { field: 'loss', type: 'double', operator: 'less', value: 0.2 },
      ]);
      expect(await queryNames(server, project, [metrics])).toEqual(['alpha']);
      expect(await queryNames(server, project, [predicate('metrics', [{ field: 'loss', type: 'double', operator: 'is_null', value: null }])])).toEqual(['gamma', 'linked']);
      expect(await queryNames(server, project, [predicate('log_other', [{ field: 'notes', type: 'string', operator: 'is_empty', value: null }])])).toEqual([
        'beta',
        'gamma',
        'linked',
      ]);
      expect(await queryNames(server, project, [predicate('params', [{ field: 'augment', type: 'boolean', operator: 'equal', value: 1 }])])).toEqual(['alpha']);
      const before = predicate('metadata', [{ field: 'start_server_timestamp', type: 'datetime', operator: 'less', value: '2024-01-15 00:00:00' }]);
      expect(await queryNames(server, project, [before])).toEqual(['alpha']);
      const lasting = predicate('metadata', [{ field: 'duration', type: 'timenumber', operator: 'greater', value: 2 * 60 - 1 }]);
      expect(await queryNames(server, project, [lasting])).toEqual(['alpha']);
    });

    it('negates a predicate with negated: true, and archived: true queries the archived experiments only', async () => {
      const gpu = predicate('tag', [{ field: 'gpu', type: 'string', operator: 'equal', value: 'gpu' }]);
      expect(await queryNames(server, project, [{ ...gpu, negated: true }])).toEqual(['gamma', 'linked']);
      const high = predicate('metrics', [{ field: 'acc', type: 'double', operator: 'greater', value: 0.9 }]);
      expect(await queryNames(server, project, [high], true)).toEqual(['delta']);
      expect(await queryNames(server, project, [])).toEqual(['alpha', 'beta', 'gamma', 'linked']);
    });

    it('lets a Tag query on a tag nobody has match nothing (the SDK only warns)', async () => {
      expect(await queryNames(server, project, [predicate('tag', [{ field: 'nobody', type: 'string', operator: 'equal', value: 'nobody' }])])).toEqual([]);
    });
  });

  describe('experiments/search with the body API.search sends', () => {
    const body = (rulesTree: unknown, page = 1, deleted = false, limit = 100) => ({
      projectId: project.projectId,
      viewId: null,
      rulesTree,
      limit,
      page,
      deleted,
      ignorePinnedExperimentsFirst: true,
      pinnedOnly: null,
      multipleSort: null,
      chainsQueryRules: null,
    });

    it('answers experiments with their keys and metadata', async () => {
      const reply = await send('experiments/search', body(group([rule('metrics', 'acc', 'greater', 0.9, 'double')])));
      expect(reply.status, reply.body.msg).toBe(200);
      const experiments = reply.body.experiments as { experimentKey: string; projectName: string; archived: boolean }[];
      expect(namesOf(project, experiments.map((experiment) => experiment.experimentKey))).toEqual(['alpha', 'linked']);
      expect(experiments.find((experiment) => experiment.experimentKey === project.keys.linked)).toMatchObject({ projectName: 'elsewhere', archived: false });
    });

    it('pages with limit and a 1-based page, newest first, and deleted: true searches the archived ones', async () => {
      const pages = [];
      for (const page of [1, 2, 3]) {
        const reply = await send('experiments/search', body(group([]), page, false, 3));
        pages.push((reply.body.experiments as { experimentKey: string }[]).map((experiment) => experiment.experimentKey));
      }
      const { alpha, beta, gamma, linked } = project.keys;
      expect(pages).toEqual([[linked, gamma, beta], [alpha], []]);
      expect(await searchNames(server, project, group([]), { deleted: true })).toEqual(['delta']);
    });
  });

  describe('project/column-names', () => {
    const names = (columns: { name: string; source: string; type: string }[], source: string) =>
      columns.filter((column) => column.source === source).map((column) => `${column.name}:${column.type}`);

    it("lists every name the project's experiments logged, with its type (Python: workspaceName and projectName)", async () => {
      const reply = await server.fetch('/api/rest/v2/project/column-names?workspaceName=admin&projectName=search', { headers: { authorization: server.adminKey } });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/json');
      const { columns } = (await reply.json()) as { columns: { name: string; source: string; type: string }[] };
      expect(names(columns, 'metadata')).toEqual([
        'experiment_key:string',
        'experiment_name:string',
        'user_name:string',
        'file_name:string',
        'file_path:string',
        'optimization_id:string',
        'start_server_timestamp:datetime',
        'end_server_timestamp:datetime',
        'duration:timenumber',
        'running:boolean',
        'state:string',
      ]);
      expect(names(columns, 'metrics')).toEqual(['acc:double', 'archived_only:double', 'loss:double']);
      expect(names(columns, 'params')).toEqual(['augment:boolean', 'lr:double', 'optimizer:string']);
      expect(names(columns, 'log_other')).toEqual(['loss:string', 'name:string', 'notes:string']);
      expect(names(columns, 'env_details')).toEqual([
        'executable:string',
        'hostname:string',
        'ip:string',
        'machine:string',
        'os:string',
        'osRelease:string',
        'osType:string',
        'pid:double',
        'processor:string',
        'pythonVersion:string',
        'pythonVersionVerbose:string',
        'user:string',
      ]);
      expect(names(columns, 'tag')).toEqual(['best:string', 'gpu:string', 'shared:string']);
    });

    it("takes cometr's projectId with archived TRUE/FALSE (only those experiments' names)", async () => {
      const columns = async (archived: string) => {
        const reply = await server.fetch(`/api/rest/v2/project/column-names?projectId=${project.projectId}&archived=${archived}`, {
          headers: { authorization: server.adminKey, 'user-agent': 'Comet API for R cometr/0.4.0' },
        });
        expect(reply.status).toBe(200);
        return ((await reply.json()) as { columns: { name: string; source: string; type: string }[] }).columns;
      };
      expect(names(await columns('TRUE'), 'metrics')).toEqual(['acc:double', 'archived_only:double']);
      expect(names(await columns('TRUE'), 'tag')).toEqual(['best:string']);
      expect(names(await columns('TRUE'), 'env_details')).toEqual([]);
      expect(names(await columns('FALSE'), 'metrics')).toEqual(['acc:double', 'loss:double']);
      expect(names(await columns('False'), 'params')).toEqual(['augment:boolean', 'lr:double', 'optimizer:string']);
    });

    it('answers 400 without a project and 404 for an unknown one', async () => {
      expect((await server.call('getProjectColumns', { query: {} })).status).toBe(400);
      expect((await server.call('getProjectColumns', { query: { workspaceName: 'admin', projectName: 'nope' } })).status).toBe(404);
    });
  });
});
