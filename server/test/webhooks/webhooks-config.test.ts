import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { WORKSPACE } from '../registry/registry-fixtures.ts';

let server: TestServer;
let strictServer: TestServer;

beforeAll(async () => {
  server = await startTestServer({ webhooksAllowPrivate: true });
  strictServer = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await strictServer.close();
});

const hook = (path: string) => `http://127.0.0.1:9/${path}`;
const readConfig = async (target: TestServer, modelName?: string) => {
  const reply = await target.call('getWebhookConfig', { query: { workspaceName: WORKSPACE, modelName } });
  expect(reply.status).toBe(200);
  return reply.body.webhookConfigs;
};

describe('webhook configuration (E56 merge, E57 replace, GET)', () => {
  it('merges by (workspace, model, url) with POST and never returns the secret or header values', async () => {
    const first = await server.call('mergeWebhookConfig', {
      body: {
        webhookConfigs: [
          {
            workspaceName: WORKSPACE,
            modelName: 'merge-model',
            webhookUrls: [
              { name: 'ci', url: hook('a'), header: { Authorization: 'token-a' }, triggers: ['MODEL_VERSION_STAGE_CHANGED'], secret: 's3cret' },
              { url: hook('b') },
            ],
          },
        ],
      },
    });
    expect(first.status).toBe(204);
    expect(first.bytes.length).toBe(0);

    await server.call('mergeWebhookConfig', {
      body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: 'merge-model', webhookUrls: [{ name: 'ci-renamed', url: hook('a'), header: { X: '1' } }] }] },
    });
    const config = await readConfig(server, 'merge-model');
    expect(config).toEqual([
      {
        workspaceName: WORKSPACE,
        modelName: 'merge-model',
        webhookUrls: [
          { name: 'ci-renamed', url: hook('a'), header: { X: null }, triggers: [], hasSecret: true, bodyFormat: 'trackdesk' },
          { name: '', url: hook('b'), header: {}, triggers: [], hasSecret: false, bodyFormat: 'trackdesk' },
        ],
      },
    ]);
    expect(JSON.stringify(config)).not.toMatch(/s3cret|token-a/);

    await server.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: 'merge-model', webhookUrls: [{ url: hook('a'), secret: '' }] }] } });
    expect((await readConfig(server, 'merge-model'))[0]?.webhookUrls[0]?.hasSecret).toBe(false);
  });

  it('replaces the whole configuration of each workspace named with PUT', async () => {
    await server.call('mergeWebhookConfig', {
      body: {
        webhookConfigs: [
          { workspaceName: WORKSPACE, modelName: 'put-a', webhookUrls: [{ url: hook('put-a'), secret: 'kept' }] },
          { workspaceName: WORKSPACE, webhookUrls: [{ url: hook('everything') }] },
        ],
      },
    });
    const replaced = await server.call('replaceWebhookConfig', {
      body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: 'put-a', webhookUrls: [{ url: hook('put-a') }, { url: hook('put-a2') }] }] },
    });
    expect(replaced.status).toBe(204);
    const config = await readConfig(server);
    expect(config).toEqual([
      {
        workspaceName: WORKSPACE,
        modelName: 'put-a',
        webhookUrls: [
          { name: '', url: hook('put-a'), header: {}, triggers: [], hasSecret: true, bodyFormat: 'trackdesk' },
          { name: '', url: hook('put-a2'), header: {}, triggers: [], hasSecret: false, bodyFormat: 'trackdesk' },
        ],
      },
    ]);

    await server.call('replaceWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: null, webhookUrls: [{ url: hook('all') }] }] } });
    expect(await readConfig(server)).toEqual([
      { workspaceName: WORKSPACE, modelName: '', webhookUrls: [{ name: '', url: hook('all'), header: {}, triggers: [], hasSecret: false, bodyFormat: 'trackdesk' }] },
    ]);
  });

  it('refuses unsafe URLs and reserved headers when saving, saying why', async () => {
    const save = (target: TestServer, url: string, header: Record<string, string> = {}) =>
      target.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: 'unsafe', webhookUrls: [{ url, header }] }] } });

    const cases: [TestServer, string, string][] = [
      [server, 'ftp://example.com/hook', 'Only http and https'],
      [server, 'localhost:8080/hook', 'Start the address with http:// or https://'],
      [server, 'http://169.254.169.254/latest/meta-data', 'metadata'],
      [server, 'http://[fe80::1]/hook', 'linkLocal'],
      [server, 'http://metadata.google.internal/hook', 'metadata'],
      [server, 'http://0.0.0.0/hook', 'unspecified'],
      [server, 'http://[::ffff:169.254.169.254]/hook', 'metadata'],
      [server, 'http://[::169.254.169.254]/hook', 'metadata'],
      [strictServer, 'http://[::127.0.0.1]/hook', '--webhooks-allow-private'],
      [strictServer, 'http://127.0.0.1:8080/hook', '--webhooks-allow-private'],
      [strictServer, 'http://localhost:8080/hook', '--webhooks-allow-private'],
      [strictServer, 'http://10.0.0.8/hook', '--webhooks-allow-private'],
      [strictServer, 'http://[fd00::1]/hook', '--webhooks-allow-private'],
    ];
    for (const [target, url, reason] of cases) {
      const refused = await save(target, url);
      expect(refused.status, url).toBe(400);
      expect(refused.body.msg, url).toContain(reason);
    }
    expect(await readConfig(strictServer)).toEqual([]);
    expect((await save(server, 'http://127.0.0.1:8080/hook')).status).toBe(204);

    const reserved = await save(server, hook('h'), { 'X-Trackdesk-Signature': 'forged' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.msg).toContain('X-Trackdesk-Signature');
    expect((await save(server, hook('h'), { 'Bad Header': 'x' })).status).toBe(400);
  });

  it('answers 401 without a key, 400 for missing fields and unknown triggers, 404 for an unknown workspace', async () => {
    const body = { webhookConfigs: [{ workspaceName: WORKSPACE, webhookUrls: [{ url: hook('x') }] }] };
    expect((await server.call('mergeWebhookConfig', { key: null, body })).status).toBe(401);
    expect((await server.call('replaceWebhookConfig', { key: null, body })).status).toBe(401);
    expect((await server.call('getWebhookConfig', { key: null, query: { workspaceName: WORKSPACE } })).status).toBe(401);

    const noUrl = await server.fetch('/api/rest/v2/webhooks/config', {
      method: 'POST',
      headers: { authorization: server.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ webhookConfigs: [{ workspaceName: WORKSPACE, webhookUrls: [{ name: 'no url' }] }] }),
    });
    expect(noUrl.status).toBe(400);
    expect(((await noUrl.json()) as { msg: string }).msg).toContain('webhookConfigs.0.webhookUrls.0.url');
    const badTrigger = await server.fetch('/api/rest/v2/webhooks/config', {
      method: 'PUT',
      headers: { authorization: server.adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ webhookConfigs: [{ workspaceName: WORKSPACE, webhookUrls: [{ url: hook('t'), triggers: ['SOMETHING_ELSE'] }] }] }),
    });
    expect(badTrigger.status).toBe(400);
    const unknown = await server.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: 'nowhere', webhookUrls: [{ url: hook('x') }] }] } });
    expect(unknown.status).toBe(404);
  });
});
