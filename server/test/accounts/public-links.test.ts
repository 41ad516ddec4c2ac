import { request } from 'node:http';
import { api, fullPath } from '../../../shared/api/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRunBody, sdkExperimentKey, sdkHeaders } from '../support/clientlib-sdk.ts';
import { TEST_ADMIN_KEY, startTestServer, type TestServer } from '../support/harness.ts';

/** What the documented nginx sends along with every request of https://trackdesk.example.com. */
const THROUGH_PROXY = { host: 'trackdesk.example.com', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };

/** POSTs `body` as JSON to `path` with `headers` (node:http, as fetch would not send a Host of our choosing), answering the reply's JSON. */
function postJson(server: TestServer, path: string, headers: Record<string, string>, body: unknown): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const sent = request(`${server.url}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json;charset=utf-8' } }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    });
    sent.on('error', reject).end(JSON.stringify(body));
  });
}

/** The links a service hands out for a request with `headers`: an invitation's, and the SDK's run and asset links. */
async function linksFor(server: TestServer, headers: Record<string, string>) {
  const invitation = await postJson(server, fullPath(api.createInvitation), { ...headers, authorization: TEST_ADMIN_KEY }, { workspaceName: 'admin', role: 'viewer' });
  const experimentKey = sdkExperimentKey();
  const run = await postJson(server, '/clientlib/logger/add/run', { ...sdkHeaders(experimentKey), ...headers }, addRunBody(experimentKey, 'links', 'admin'));
  return { invitation: invitation.link, token: invitation.token, focus: run.focusUrl, assets: run.cometRestApiAssetUrl };
}

describe('links the service hands out', () => {
  let trusting: TestServer;
  let untrusting: TestServer;
  let publicUrl: TestServer;
  beforeAll(async () => {
    trusting = await startTestServer({ trustedProxies: ['127.0.0.1'] });
    untrusting = await startTestServer({ trustedProxies: ['10.0.0.10'] });
    publicUrl = await startTestServer({ trustedProxies: ['127.0.0.1'], publicUrl: 'https://tracking.example.org/trackdesk/' });
  });
  afterAll(async () => {
    await publicUrl.close();
    await untrusting.close();
    await trusting.close();
  });

  it('take the scheme and host a trusted proxy forwards (https where the service is served over https), and only from it', async () => {
    const links = await linksFor(trusting, THROUGH_PROXY);
    expect(links.invitation).toBe(`https://trackdesk.example.com/api/rest/v2/ext/invitations/info?token=${links.token}`);
    expect(links.focus).toBe('https://trackdesk.example.com/admin/links/');
    expect(links.assets).toBe('https://trackdesk.example.com/api/rest/v2/experiment/asset/get-asset');
    const forwardedHost = await linksFor(trusting, { 'x-forwarded-host': 'trackdesk.example.com', 'x-forwarded-proto': 'https' });
    expect(forwardedHost.invitation).toBe(`https://trackdesk.example.com/api/rest/v2/ext/invitations/info?token=${forwardedHost.token}`);
    // From a peer that is not a trusted proxy, the forwarded scheme and host count for nothing.
    const untrusted = await linksFor(untrusting, { ...THROUGH_PROXY, 'x-forwarded-host': 'elsewhere.example.net' });
    expect(untrusted.invitation).toBe(`http://trackdesk.example.com/api/rest/v2/ext/invitations/info?token=${untrusted.token}`);
    expect(untrusted.focus).toBe('http://trackdesk.example.com/admin/links/');
  });

  it('start with --public-url when it is set, whatever the request or the proxy says', async () => {
    const links = await linksFor(publicUrl, { ...THROUGH_PROXY, 'x-forwarded-proto': 'http', 'x-forwarded-host': 'elsewhere.example.net' });
    expect(links.invitation).toBe(`https://tracking.example.org/trackdesk/api/rest/v2/ext/invitations/info?token=${links.token}`);
    expect(links.focus).toBe('https://tracking.example.org/trackdesk/admin/links/');
    expect(links.assets).toBe('https://tracking.example.org/trackdesk/api/rest/v2/experiment/asset/get-asset');
  });
});
