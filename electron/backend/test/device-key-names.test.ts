import { hostname } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/test/support/harness.ts';
import { call, startBackend } from './helpers.ts';

let service: TestServer;
beforeAll(async () => {
  service = await startTestServer({ allowSignUp: true });
});
afterAll(() => service.close());

it('names the key of an account made with an invitation after its user and this computer', async () => {
  const backend = await startBackend({ spawnService: undefined });
  const made = await service.call('createInvitation', { body: { workspaceName: 'admin', role: 'member' } });
  const link = (made.body as { link: string }).link;
  const { profile } = await call(backend, 'invitations.signUp', { link, name: 'Newcomer', userName: 'newcomer', password: 'newcomer-password', keyStorage: 'session' });
  const me = await call(backend, 'api.call', { endpoint: 'whoAmI', profileId: profile.id });
  expect(me).toMatchObject({ userName: 'newcomer', key: { name: `Trackdesk on ${hostname()} for newcomer` } });
});
