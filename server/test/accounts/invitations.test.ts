import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
let clock = Date.now();
const key = { ivy: '' };

beforeAll(async () => {
  server = await startTestServer({ now: () => clock, allowSignUp: true });
  key.ivy = (await issueApiKey({ ...server.storage, userName: 'ivy' })).apiKey;
});
afterAll(() => server.close());

const invite = async (role: 'admin' | 'member' | 'viewer', expiresInHours?: number) => {
  const made = await server.call('createInvitation', { body: { workspaceName: 'admin', role, ...(expiresInHours ? { expiresInHours } : {}) } });
  expect(made.status).toBe(200);
  return made.body;
};
const CLOSED = 'This invitation link is unknown, used, expired or revoked: ask an admin of the workspace for a new one.';

describe('invitations', () => {
  it('makes a single-use link with a role that says what it opens, and joins its holder once', async () => {
    const made = await invite('member');
    expect(made).toMatchObject({ role: 'member', state: 'open', createdBy: 'admin', expiresAt: clock + 72 * 3_600_000 });
    expect(made.link).toBe(`${server.url}/api/rest/v2/ext/invitations/info?token=${made.token}`);
    const info = await server.call('invitationDetails', { key: null, query: { token: made.token } });
    expect(info.body).toEqual({ workspaceName: 'admin', role: 'member', expiresAt: made.expiresAt, invitedBy: 'admin', signUpAllowed: true });
    expect((await server.call('acceptInvitation', { key: key.ivy, body: { token: made.token } })).body).toEqual({ workspaceName: 'admin', role: 'member' });
    expect((await server.call('listWorkspaceMembers', { key: key.ivy, query: { workspaceName: 'admin' } })).body.members).toContainEqual(expect.objectContaining({ userName: 'ivy', role: 'member' }));
    const again = await server.call('acceptInvitation', { key: key.ivy, body: { token: made.token } });
    expect(again.body).toEqual({ msg: CLOSED, code: 404, sdk_error_code: 40400 });
    const listed = (await server.call('listInvitations', { query: { workspaceName: 'admin' } })).body.invitations;
    expect(listed.find((each) => each.invitationId === made.invitationId)).toMatchObject({ state: 'used', usedBy: 'ivy', usedAt: clock });
    expect(JSON.stringify(listed)).not.toContain(made.token);
  });

  it('leaves an invitation open when its holder already belongs, and closes revoked and expired ones', async () => {
    const made = await invite('viewer', 1);
    const member = await server.call('acceptInvitation', { key: key.ivy, body: { token: made.token } });
    expect(member.body).toMatchObject({ code: 409, msg: 'You are already a member of workspace "admin"; the invitation stays open.' });
    clock += 3_600_001;
    expect((await server.call('invitationDetails', { key: null, query: { token: made.token } })).body.msg).toBe(CLOSED);
    const revoked = await invite('viewer');
    expect((await server.call('revokeInvitation', { body: { workspaceName: 'admin', invitationId: revoked.invitationId } })).body.state).toBe('revoked');
    expect((await server.call('revokeInvitation', { body: { workspaceName: 'admin', invitationId: revoked.invitationId } })).body)
      .toMatchObject({ code: 409, msg: 'The invitation is revoked: only an open one can be revoked.' });
    expect((await server.call('invitationDetails', { key: null, query: { token: revoked.token } })).status).toBe(404);
    expect((await server.call('invitationDetails', { key: null, query: { token: 'a-token-that-was-never-made-0123' } })).body.msg).toBe(CLOSED);
  });

  it('lets a person create their account with an invitation and answers a key for their device', async () => {
    const made = await invite('viewer');
    const signedUp = await server.call('signUpWithInvitation', { key: null, body: { token: made.token, userName: 'vera', password: 'vera-password-1', keyName: 'vera laptop' } });
    expect(signedUp.body).toMatchObject({ userName: 'vera', workspaceName: 'admin', role: 'viewer', prefix: signedUp.body.apiKey.slice(0, 8) });
    const members = await server.call('listWorkspaceMembers', { key: signedUp.body.apiKey, query: { workspaceName: 'admin' } });
    expect(members.body.members).toContainEqual(expect.objectContaining({ userName: 'vera', role: 'viewer' }));
    expect((await server.call('signIn', { key: null, body: { userName: 'vera', password: 'vera-password-1', keyName: 'again' } })).status).toBe(200);
    const taken = await server.call('signUpWithInvitation', { key: null, body: { token: (await invite('viewer')).token, userName: 'vera', password: 'vera-password-1', keyName: 'x' } });
    expect(taken.body).toMatchObject({ code: 409, msg: 'A user named "vera" already exists: sign in, then open the invitation again.' });
    const trail = await server.call('workspaceAuditTrail', { query: { workspaceName: 'admin', action: 'invitation.used' } });
    expect(trail.body.events.map((event) => [event.actorName, event.target, (event.after as { role: string }).role])).toEqual([['vera', 'vera', 'viewer'], ['ivy', 'ivy', 'member']]);
  });

  it('refuses sign-up where the service does not allow it', async () => {
    const closedServer = await startTestServer();
    try {
      const made = await closedServer.call('createInvitation', { body: { workspaceName: 'admin', role: 'member' } });
      expect((await closedServer.call('invitationDetails', { key: null, query: { token: made.body.token } })).body.signUpAllowed).toBe(false);
      const refused = await closedServer.call('signUpWithInvitation', { key: null, body: { token: made.body.token, userName: 'wes', password: 'wes-password-1', keyName: 'x' } });
      expect(refused.body).toMatchObject({ code: 403, msg: 'This service does not allow sign-up by invitation: ask a service admin for an account, then open the invitation again.' });
    } finally {
      await closedServer.close();
    }
  });
});
