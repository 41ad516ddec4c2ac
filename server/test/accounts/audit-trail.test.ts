import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey, revokeApiKeys } from '../../src/accounts/keys.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
const key = { ada: '', bo: '' };

beforeAll(async () => {
  server = await startTestServer({ webhooksAllowPrivate: true });
  key.ada = (await issueApiKey({ ...server.storage, userName: 'ada' })).apiKey;
  key.bo = (await issueApiKey({ ...server.storage, userName: 'bo' })).apiKey;
});
afterAll(() => server.close());

const trail = async (query: { action?: string; actor?: string } = {}, as = key.ada) => {
  const reply = await server.call('workspaceAuditTrail', { key: as, query: { workspaceName: 'ada', ...query } as { workspaceName: string } });
  return reply;
};

describe('the audit trail', () => {
  it('records each member change with who, which key, and the role before and after, newest first', async () => {
    await server.call('addWorkspaceMember', { key: key.ada, body: { workspaceName: 'ada', userName: 'bo', role: 'viewer' } });
    await server.call('setWorkspaceMemberRole', { key: key.ada, body: { workspaceName: 'ada', userName: 'bo', role: 'member' } });
    await server.call('leaveWorkspace', { key: key.bo, body: { workspaceName: 'ada' } });
    const { status, body } = await trail();
    expect(status).toBe(200);
    expect(body.events.map(({ actorName, keyPrefix, workspaceName, action, target, before, after }) => ({ actorName, keyPrefix, workspaceName, action, target, before, after }))).toEqual([
      { actorName: 'bo', keyPrefix: key.bo.slice(0, 8), workspaceName: 'ada', action: 'member.left', target: 'bo', before: { role: 'member' }, after: null },
      { actorName: 'ada', keyPrefix: key.ada.slice(0, 8), workspaceName: 'ada', action: 'member.roleChanged', target: 'bo', before: { role: 'viewer' }, after: { role: 'member' } },
      { actorName: 'ada', keyPrefix: key.ada.slice(0, 8), workspaceName: 'ada', action: 'member.added', target: 'bo', before: null, after: { role: 'viewer' } },
    ]);
  });

  it('records webhook configuration and approval policy changes without secrets', async () => {
    const webhookConfigs = [{ workspaceName: 'ada', webhookUrls: [{ url: 'http://127.0.0.1:9/hook', secret: 'top-secret-value', header: { 'X-Token': 'hidden-value' } }] }];
    expect((await server.call('mergeWebhookConfig', { key: key.ada, body: { webhookConfigs } })).status).toBe(204);
    expect((await server.call('setRegistryPolicy', { key: key.ada, body: { workspaceName: 'ada', modelName: null, rules: [{ kind: 'stage', value: 'production' }] } })).status).toBe(200);
    const [policy, webhooks] = (await trail()).body.events;
    expect(policy).toMatchObject({ action: 'registry.policyChanged', target: '', before: null, after: [{ kind: 'stage', value: 'production' }] });
    expect(webhooks).toMatchObject({ action: 'webhooks.configChanged', target: 'entries added or updated (merged)', before: [], after: [{ url: 'http://127.0.0.1:9/hook', headers: ['X-Token'], signed: true }] });
    expect(JSON.stringify(webhooks)).not.toMatch(/top-secret-value|hidden-value/);
  });

  it('filters by actor, action and time, and pages by id', async () => {
    expect((await trail({ actor: 'bo' })).body.events.map((event) => event.action)).toEqual(['member.left']);
    expect((await trail({ action: 'member.added' })).body.events.map((event) => event.target)).toEqual(['bo']);
    const all = (await trail()).body.events;
    const page = await server.call('workspaceAuditTrail', { key: key.ada, query: { workspaceName: 'ada', limit: 2, beforeId: all[0]!.id } });
    expect(page.body.events.map((event) => event.id)).toEqual(all.slice(1, 3).map((event) => event.id));
    const future = await server.call('workspaceAuditTrail', { key: key.ada, query: { workspaceName: 'ada', since: Date.now() + 60_000 } });
    expect(future.body.events).toEqual([]);
  });

  it("shows a workspace's trail only to its admins, and the whole service's only to service admins", async () => {
    await server.call('addWorkspaceMember', { key: key.ada, body: { workspaceName: 'ada', userName: 'bo', role: 'member' } });
    expect((await trail({}, key.bo)).body).toMatchObject({ code: 403, msg: 'User "bo" is a member of workspace "ada": this needs the admin role.' });
    const refused = await server.call('serviceAuditTrail', { key: key.ada });
    expect(refused.body).toMatchObject({ code: 403, msg: 'User "ada" is not a service admin: ext.auditService needs a service admin.' });
    const all = await server.call('serviceAuditTrail', { query: { action: 'user.created' } });
    expect(all.body.events.map((event) => [event.actorName, event.target, event.workspaceName])).toEqual([
      ['service host', 'bo', null],
      ['service host', 'ada', null],
      ['service host', 'admin', null],
    ]);
  });

  it('records a workspace created, by whom, in the transaction that creates it', async () => {
    expect((await server.call('createWorkspace', { key: key.bo, body: { name: 'bo-lab', plan: 'team' } })).status).toBe(200);
    const created = await server.call('workspaceAuditTrail', { key: key.bo, query: { workspaceName: 'bo-lab' } });
    expect(created.body.events.map(({ actorName, keyPrefix, workspaceName, action, target, before, after }) => ({ actorName, keyPrefix, workspaceName, action, target, before, after }))).toEqual([
      { actorName: 'bo', keyPrefix: key.bo.slice(0, 8), workspaceName: 'bo-lab', action: 'workspace.created', target: 'bo-lab', before: null, after: { plan: 'team' } },
    ]);
    expect((await server.call('createWorkspace', { key: key.ada, body: { name: 'bo-lab' } })).status).toBe(409);
    const service = await server.call('serviceAuditTrail', { query: { action: 'workspace.created' } });
    expect(service.body.events.map((event) => [event.actorName, event.target])).toEqual([['bo', 'bo-lab']]);
  });

  it('records keys made and revoked on the service host', async () => {
    const { prefix } = await issueApiKey({ ...server.storage, userName: 'bo' });
    expect(await revokeApiKeys(server.storage, prefix)).toBe(1);
    const keys = await server.call('serviceAuditTrail', { query: { actor: 'service host', limit: 2 } });
    expect(keys.body.events.map((event) => [event.action, event.target, event.after])).toEqual([
      ['key.revoked', prefix, { revoked: 1 }],
      ['key.created', prefix, { userName: 'bo' }],
    ]);
  });
});
