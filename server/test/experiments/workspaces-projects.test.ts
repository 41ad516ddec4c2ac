import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('workspaces', () => {
  it('reports the account and creates workspaces the caller then belongs to (E1)', async () => {
    expect((await server.call('accountDetails')).body).toEqual({ userName: 'admin', defaultWorkspaceName: 'admin' });
    const created = await server.call('createWorkspace', { body: { name: 'team-a', plan: 'free' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ msg: 'saved', workspace_name: 'team-a', code: 200 });
    expect(created.body.workspace_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await server.call('listWorkspaces')).body).toEqual({ workspaceNames: ['admin', 'team-a'] });
    const again = await server.call('createWorkspace', { body: { name: 'team-a' } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('team-a');
  });

  it("refuses another user's workspace with 403 and an unknown one with 404", async () => {
    const bob = await issueApiKey({ ...server.storage, userName: 'bob' });
    expect((await server.call('listWorkspaces', { key: bob.apiKey })).body).toEqual({ workspaceNames: ['bob'] });
    const foreign = await server.call('listProjects', { key: bob.apiKey, query: { workspaceName: 'admin' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 403, sdk_error_code: 90210 });
    const missing = await server.call('listProjects', { query: { workspaceName: 'nowhere' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, sdk_error_code: 90219 });
  });
});

describe('projects', () => {
  it('creates, reads, updates, annotates and shares a project (E11, E13–E16)', async () => {
    const created = await server.call('createProject', {
      body: { workspaceName: 'admin', projectName: 'vision', projectDescription: 'cats', isPublic: true },
    });
    expect(created.status).toBe(200);
    const { projectId } = created.body;
    const project = (await server.call('getProject', { query: { projectId } })).body;
    expect(project).toMatchObject({ projectId, projectName: 'vision', projectDescription: 'cats', workspaceName: 'admin', ownerUserName: 'admin' });
    expect(project).toMatchObject({ public: true, isPublic: true, numberOfExperiments: 0 });
    expect((await server.call('getProject', { query: { workspaceName: 'admin', projectName: 'vision' } })).body.projectId).toBe(projectId);

    const updated = await server.call('updateProject', { body: { projectId, newProjectName: 'vision-2', newProjectDescription: 'dogs', isPublic: false } });
    expect(updated.body).toMatchObject({ msg: 'Updated', code: 200 });
    expect((await server.call('getProject', { query: { projectId } })).body).toMatchObject({ projectName: 'vision-2', projectDescription: 'dogs', public: false });
    const byNames = await server.call('updateProject', { query: { workspaceName: 'admin', projectName: 'vision-2' }, body: { newProjectDescription: 'birds' } });
    expect(byNames.status).toBe(200);
    expect((await server.call('getProject', { query: { projectId } })).body.projectDescription).toBe('birds');

    expect((await server.call('setProjectNotes', { body: { projectId, notes: '# Notes' } })).body.msg).toBe('Saved');
    expect((await server.call('getProjectNotes', { query: { projectId } })).body).toEqual({ notes: '# Notes' });

    const share = await server.call('addProjectShareLink', { query: { projectId } });
    expect(share.body.shareCode).toMatch(/^[\w-]{20,}$/);
    expect((await server.call('getProjectShareLinks', { query: { projectId } })).body).toEqual({ shareCodes: [share.body.shareCode] });
    for (let i = 0; i < 2; i += 1) {
      const removed = await server.call('deleteProjectShareLink', { query: { projectId, shareCode: share.body.shareCode } });
      expect(removed.status).toBe(200);
    }
    expect((await server.call('getProjectShareLinks', { query: { projectId } })).body).toEqual({ shareCodes: [] });
    expect((await server.call('listProjects', { query: { workspaceName: 'admin' } })).body.projects.map((p) => p.projectName)).toContain('vision-2');
  });

  it("applies E13's identification rule", async () => {
    const { projectId } = (await server.call('createProject', { body: { workspaceName: 'admin', projectName: 'rule', projectDescription: '', isPublic: false } })).body;
    const none = await server.call('updateProject', { body: { newProjectDescription: 'x' } });
    expect(none.status).toBe(400);
    const all = await server.call('updateProject', { body: { projectId, workspaceName: 'admin', projectName: 'rule', newProjectDescription: 'x' } });
    expect(all.status).toBe(400);
    const half = await server.call('updateProject', { body: { workspaceName: 'admin', newProjectDescription: 'x' } });
    expect(half.status).toBe(400);
    const nulls = await server.call('updateProject', { body: { projectId, workspaceName: null, projectName: null, newProjectDescription: 'ok' } });
    expect(nulls.status).toBe(200);
  });

  it('refuses a duplicate project name and answers 404 for unknown projects', async () => {
    const body = { workspaceName: 'admin', projectName: 'dup', projectDescription: '', isPublic: false };
    expect((await server.call('createProject', { body })).status).toBe(200);
    expect((await server.call('createProject', { body })).status).toBe(409);
    const unknown = await server.call('getProject', { query: { projectId: 'nope' } });
    expect(unknown.status).toBe(404);
    expect((await server.call('getProjectNotes', { query: { projectId: 'nope' } })).status).toBe(404);
    expect((await server.call('getProject', { query: {} })).status).toBe(400);
  });
});
