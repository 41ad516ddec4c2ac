import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
const key = { lena: '', ron: '', vic: '', sam: '', svc: '' };

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['lena', 'ron', 'vic', 'sam'] as const) key[name] = (await issueApiKey({ ...server.storage, userName: name })).apiKey;
  key.svc = (await issueApiKey({ ...server.storage, userName: 'svc', isAdmin: true })).apiKey;
});
afterAll(() => server.close());

const members = async (workspaceName: string, as?: string) =>
  (await server.call('listWorkspaceMembers', { key: as, query: { workspaceName } })).body.members?.map(({ userName, role }) => `${userName}:${role}`);
const add = (workspaceName: string, userName: string, role: 'admin' | 'member' | 'viewer', as?: string) =>
  server.call('addWorkspaceMember', { key: as, body: { workspaceName, userName, role } });
const setRole = (workspaceName: string, userName: string, role: 'admin' | 'member' | 'viewer', as?: string) =>
  server.call('setWorkspaceMemberRole', { key: as, body: { workspaceName, userName, role } });
const createProject = (workspaceName: string, projectName: string, as: string) =>
  server.call('createProject', { key: as, body: { workspaceName, projectName, projectDescription: '', isPublic: false } });

describe('members and roles of a workspace', () => {
  it('makes the creator of a workspace its admin', async () => {
    expect((await server.call('createWorkspace', { key: key.lena, body: { name: 'lab' } })).status).toBe(200);
    expect(await members('lab', key.lena)).toEqual(['lena:admin']);
    expect(await members('lena', key.lena)).toEqual(['lena:admin']);
  });

  it('lets a viewer read everything and change nothing, naming the role needed', async () => {
    expect((await add('lab', 'vic', 'viewer', key.lena)).body.members?.map((member) => member.userName)).toEqual(['lena', 'vic']);
    expect((await createProject('lab', 'shared', key.lena)).status).toBe(200);
    const projects = await server.call('listProjects', { key: key.vic, query: { workspaceName: 'lab' } });
    expect(projects.status).toBe(200);
    const refused = await createProject('lab', 'mine', key.vic);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ msg: 'User "vic" is a viewer of workspace "lab": this needs the member role.', code: 403, sdk_error_code: 90210 });
  });

  it('takes a role change into account from the next request', async () => {
    expect((await setRole('lab', 'vic', 'member', key.lena)).status).toBe(200);
    expect((await createProject('lab', 'mine', key.vic)).status).toBe(200);
    const byMember = await add('lab', 'ron', 'member', key.vic);
    expect(byMember.status).toBe(403);
    expect(byMember.body.msg).toBe('User "vic" is a member of workspace "lab": this needs the admin role.');
    expect((await setRole('lab', 'vic', 'viewer', key.lena)).status).toBe(200);
    expect((await createProject('lab', 'again', key.vic)).status).toBe(403);
  });

  it('refuses a removed member at their next request', async () => {
    expect((await add('lab', 'ron', 'member', key.lena)).status).toBe(200);
    expect((await createProject('lab', 'rons', key.ron)).status).toBe(200);
    expect((await server.call('removeWorkspaceMember', { key: key.lena, body: { workspaceName: 'lab', userName: 'ron' } })).status).toBe(200);
    const after = await server.call('listProjects', { key: key.ron, query: { workspaceName: 'lab' } });
    expect(after.status).toBe(403);
    expect(after.body.msg).toBe('User "ron" is not a member of workspace "lab".');
  });

  it('never leaves a workspace without an admin', async () => {
    const demote = await setRole('lab', 'lena', 'member', key.lena);
    expect(demote.status).toBe(409);
    expect(demote.body.msg).toBe('Cannot make "lena" a member: they are the last admin of workspace "lab". Make another member an admin first.');
    expect((await server.call('removeWorkspaceMember', { key: key.lena, body: { workspaceName: 'lab', userName: 'lena' } })).status).toBe(409);
    expect((await server.call('leaveWorkspace', { key: key.lena, body: { workspaceName: 'lab' } })).status).toBe(409);
    expect((await setRole('lab', 'vic', 'admin', key.lena)).status).toBe(200);
    expect((await setRole('lab', 'lena', 'member', key.lena)).status).toBe(200);
    expect(await members('lab', key.vic)).toEqual(['vic:admin', 'lena:member']);
  });

  it('lets anybody leave, and says what is wrong with a change it refuses', async () => {
    expect((await server.call('leaveWorkspace', { key: key.lena, body: { workspaceName: 'lab' } })).body).toEqual({ workspaceName: 'lab', left: true });
    expect((await server.call('listWorkspaces', { key: key.lena })).body.workspaceNames).toEqual(['lena']);
    expect((await add('lab', 'nobody', 'member', key.vic)).body).toMatchObject({ code: 404, msg: 'No user named "nobody": a service admin creates users (keys create --user).' });
    expect((await add('lab', 'vic', 'member', key.vic)).body).toMatchObject({ code: 409, msg: 'User "vic" is already an admin of workspace "lab".' });
    expect((await setRole('lab', 'ron', 'member', key.vic)).body).toMatchObject({ code: 404, msg: 'User "ron" is not a member of workspace "lab".' });
    const badRole = await server.fetch('/api/rest/v2/ext/workspace/members/add', {
      method: 'POST',
      headers: { authorization: key.vic, 'content-type': 'application/json' },
      body: JSON.stringify({ workspaceName: 'lab', userName: 'sam', role: 'owner' }),
    });
    expect(badRole.status).toBe(400);
    expect(await badRole.json()).toMatchObject({ code: 400, msg: expect.stringContaining('role') });
  });

  it('lets a service admin act as an admin of a workspace they belong to', async () => {
    expect((await server.call('createWorkspace', { key: key.sam, body: { name: 'sams' } })).status).toBe(200);
    expect((await add('sams', 'svc', 'viewer', key.sam)).status).toBe(200);
    expect((await add('sams', 'lena', 'member', key.svc)).status).toBe(200);
    expect(await members('sams', key.svc)).toEqual(['sam:admin', 'lena:member', 'svc:viewer']);
  });
});
