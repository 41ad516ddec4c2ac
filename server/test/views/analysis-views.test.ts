import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_STATE_LIMIT_BYTES } from '../../../shared/api/analysis-views.ts';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';

let server: TestServer;
let projectId = '';
const keys = { viewer: '', member: '', outsider: '' };

/** A view's state: one panel, a filter, a column and a sort. */
const stateWith = (query: string, panelKind = 'line') => ({
  panels: [{ id: 'p1', kind: panelKind, settings: { metric: 'loss', smoothing: 0.5 } }],
  table: { query, columns: [{ kind: 'metric' as const, name: 'loss', aggregate: 'min' as const }], sort: { column: 'start', direction: 'desc' } },
});

describe.each(testBackends())('saved analysis views on %s', (backend) => {
  beforeAll(async () => {
    server = await startTestServer({ backend });
    for (const [who, role] of [['viewer', 'viewer'], ['member', 'member'], ['outsider', undefined]] as const) {
      keys[who] = (await issueApiKey({ ...server.storage, userName: `views-${who}` })).apiKey;
      if (role) expect((await server.call('addWorkspaceMember', { body: { workspaceName: 'admin', userName: `views-${who}`, role } })).status).toBe(200);
    }
    const made = await server.call('createProject', { body: { workspaceName: 'admin', projectName: 'sweep', projectDescription: '', isPublic: false } });
    projectId = made.body.projectId;
  });
  afterAll(() => server.close());

  it('a member saves a view; a viewer of the project lists and reads it as saved', async () => {
    const created = await server.call('createAnalysisView', { key: keys.member, body: { projectId, name: 'best lr', state: stateWith('lr < 0.01') } });
    expect(created.status, created.body.msg).toBe(200);
    expect(created.body).toMatchObject({ name: 'best lr', version: 1, createdBy: 'views-member', updatedBy: 'views-member', projectId });
    const listed = await server.call('listAnalysisViews', { key: keys.viewer, query: { projectId } });
    expect(listed.status, listed.body.msg).toBe(200);
    expect(listed.body.views.map((view) => [view.name, view.viewId, view.version])).toEqual([['best lr', created.body.viewId, 1]]);
    const read = await server.call('getAnalysisView', { key: keys.viewer, query: { viewId: created.body.viewId } });
    expect(read.body.state).toEqual(stateWith('lr < 0.01'));
    const outsider = await server.call('getAnalysisView', { key: keys.outsider, query: { viewId: created.body.viewId } });
    expect(outsider.status).toBe(403);
  });

  it('refuses a second view of the same name in the project with a 409 saying what to do', async () => {
    const again = await server.call('createAnalysisView', { key: keys.member, body: { projectId, name: 'best lr', state: stateWith('') } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('already has a view named "best lr"');
    expect(again.body.msg).toContain('choose another name');
  });

  it('an update made on an older version is refused with 409 naming who changed it and the current version', async () => {
    const made = await server.call('createAnalysisView', { body: { projectId, name: 'shared', state: stateWith('') } });
    const viewId = made.body.viewId;
    const first = await server.call('updateAnalysisView', { key: keys.member, body: { viewId, version: 1, state: stateWith('acc > 0.9') } });
    expect(first.status, first.body.msg).toBe(200);
    expect(first.body).toMatchObject({ version: 2, updatedBy: 'views-member' });
    const stale = await server.call('updateAnalysisView', { body: { viewId, version: 1, state: stateWith('loss < 1') } });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toContain('views-member changed view "shared"');
    expect(stale.body.msg).toContain('now version 2');
    expect((await server.call('getAnalysisView', { query: { viewId } })).body.state.table.query).toBe('acc > 0.9');
  });

  it('a viewer may not create, change, rename or delete a view: 403 naming the role needed', async () => {
    const { viewId } = (await server.call('createAnalysisView', { body: { projectId, name: 'admins', state: stateWith('') } })).body;
    const refusals = [
      await server.call('createAnalysisView', { key: keys.viewer, body: { projectId, name: 'mine', state: stateWith('') } }),
      await server.call('updateAnalysisView', { key: keys.viewer, body: { viewId, version: 1, state: stateWith('x') } }),
      await server.call('renameAnalysisView', { key: keys.viewer, body: { viewId, name: 'mine' } }),
      await server.call('deleteAnalysisView', { key: keys.viewer, body: { viewId } }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toContain('is a viewer of workspace "admin": this needs the member role');
    }
    expect((await server.call('getAnalysisView', { query: { viewId } })).body).toMatchObject({ name: 'admins', version: 1 });
  });

  it('renames (409 on a taken name) and deletes a view; a deleted view reads as 404', async () => {
    const { viewId } = (await server.call('createAnalysisView', { key: keys.member, body: { projectId, name: 'draft', state: stateWith('') } })).body;
    expect((await server.call('renameAnalysisView', { key: keys.member, body: { viewId, name: 'best lr' } })).status).toBe(409);
    const renamed = await server.call('renameAnalysisView', { key: keys.member, body: { viewId, name: 'final' } });
    expect(renamed.body).toMatchObject({ name: 'final', version: 2 });
    expect((await server.call('deleteAnalysisView', { key: keys.member, body: { viewId } })).status).toBe(200);
    const gone = await server.call('getAnalysisView', { query: { viewId } });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toContain('may have been deleted');
    expect((await server.call('listAnalysisViews', { query: { projectId } })).body.views.map((view) => view.name)).not.toContain('final');
  });

  it('refuses a view larger than the limit with a 400 saying how to shrink it', async () => {
    const big = { panels: [{ id: 'p', kind: 'line', settings: { note: 'x'.repeat(VIEW_STATE_LIMIT_BYTES) } }], table: { query: '', columns: [], sort: null } };
    const refused = await server.call('createAnalysisView', { body: { projectId, name: 'huge', state: big } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('remove panels or shorten their settings');
  });

  it("keeps the media panels' settings as saved, and refuses a media panel whose settings are not of its kind's shape", async () => {
    const panels = [
      { id: 'm1', kind: 'media-images', settings: { name: 'sample', step: 2, groupBy: 'lr', groupAs: 'columns' } },
      { id: 'm2', kind: 'media-curves', settings: { name: 'roc', step: null } },
      { id: 'm3', kind: 'media-confusion', settings: { name: 'Confusion Matrix', step: null, diffA: 'a'.repeat(32), diffB: 'b'.repeat(32) } },
      { id: 'm4', kind: 'media-histograms', settings: { name: 'weights', step: 1 } },
    ];
    const state = { panels, table: { query: '', columns: [], sort: null } };
    const created = await server.call('createAnalysisView', { body: { projectId, name: 'media', state } });
    expect(created.status, created.body.msg).toBe(200);
    expect((await server.call('getAnalysisView', { query: { viewId: created.body.viewId } })).body.state.panels).toEqual(panels);
    for (const settings of [{ name: 'sample', step: 'latest' }, { name: 'sample', groupAs: 'diagonal' }, { name: 7 }]) {
      const bad = { ...state, panels: [{ id: 'm1', kind: 'media-images', settings }] };
      const refused = await server.call('createAnalysisView', { body: { projectId, name: 'bad media', state: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain("a media-images panel's settings");
    }
  });
});
