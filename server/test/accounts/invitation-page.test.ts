import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ allowSignUp: true });
});
afterAll(() => server.close());

/** What Chromium sends when the address bar opens a link. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const HOSTILE_NAME = `<script>alert("x")</script><img src=x onerror='y'>&amp;`;

const invite = async (workspaceName: string) => {
  const made = await server.call('createInvitation', { body: { workspaceName, role: 'viewer' } });
  expect(made.status).toBe(200);
  return made.body;
};
const open = async (link: string, accept?: string) => {
  const response = await fetch(link, { headers: accept === undefined ? {} : { accept } });
  return { response, text: await response.text() };
};
/** The `href` of the page's "Open in Trackdesk" link, as a browser reads it (entities decoded). */
const appLinkOf = (page: string): string => {
  const href = /<a class="open" href="([^"]*)">Open in Trackdesk<\/a>/.exec(page)?.[1];
  expect(href, page).toBeDefined();
  return href!.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');
};
const expectStrictPage = (response: Response) => {
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
};

describe('the invitation page a browser gets', () => {
  it('names the workspace, role and inviter, and opens the app with the same link', async () => {
    const made = await invite('admin');
    const { response, text } = await open(made.link, BROWSER_ACCEPT);
    expect(response.status).toBe(200);
    expectStrictPage(response);
    expect(text).toContain('<title>Invitation to admin · Trackdesk</title>');
    expect(text).toContain('<strong>admin</strong> invites you to the workspace <strong>admin</strong>\nas a <strong>viewer</strong>');
    expect(text).toContain('create one with this invitation');
    const appLink = new URL(appLinkOf(text));
    expect(`${appLink.protocol}//${appLink.host}`).toBe('trackdesk://join');
    expect([...appLink.searchParams.keys()]).toEqual(['link']);
    expect(appLink.searchParams.get('link')).toBe(made.link);
    expect(text).toContain(`paste this link:</p><p><code>${made.link}</code>`);
    expect(text).not.toMatch(/<script|<img|<iframe|<form/);
  });

  it('answers JSON to API clients: no Accept, */*, JSON first, or HTML weighed below JSON', async () => {
    const made = await invite('admin');
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html', 'text/html;q=0.5, application/json']) {
      const { response, text } = await open(made.link, accept);
      expect(response.headers.get('content-type'), `Accept: ${accept}`).toBe('application/json');
      expect(JSON.parse(text), `Accept: ${accept}`).toMatchObject({ workspaceName: 'admin', role: 'viewer', invitedBy: 'admin' });
    }
  });

  it('escapes a hostile workspace name everywhere it appears', async () => {
    expect((await server.call('createWorkspace', { body: { name: HOSTILE_NAME } })).status).toBe(200);
    const made = await invite(HOSTILE_NAME);
    const { response, text } = await open(made.link, BROWSER_ACCEPT);
    expect(response.status).toBe(200);
    expect(text).not.toContain('<script');
    expect(text).not.toContain('<img');
    expect(text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;amp;');
    expect(new URL(appLinkOf(text)).searchParams.get('link')).toBe(made.link);
  });

  it('says the same for an unknown, a used and a revoked token, telling nothing apart', async () => {
    const used = await invite('admin');
    const joiner = await server.call('createUser', { body: { userName: 'page-joiner', password: 'page-joiner-password' } });
    expect(joiner.status).toBe(200);
    const key = (await server.call('signIn', { key: null, body: { userName: 'page-joiner', password: 'page-joiner-password', keyName: 'test' } })).body.apiKey;
    expect((await server.call('acceptInvitation', { key, body: { token: used.token } })).status).toBe(200);
    const revoked = await invite('admin');
    expect((await server.call('revokeInvitation', { body: { workspaceName: 'admin', invitationId: revoked.invitationId } })).status).toBe(200);
    const unknown = used.link.replace(used.token, 'a-token-that-was-never-made-0123');
    const pages = [];
    for (const link of [unknown, used.link, revoked.link]) {
      const { response, text } = await open(link, BROWSER_ACCEPT);
      expect(response.status).toBe(404);
      expectStrictPage(response);
      pages.push(text);
    }
    expect(pages[0]).toContain('<h1>This invitation cannot be used</h1><p>This invitation link is unknown, used, expired or revoked: ask an admin of the workspace for a new one.</p>');
    expect(new Set(pages).size).toBe(1);
    const json = await open(unknown);
    expect(json.response.status).toBe(404);
    expect(JSON.parse(json.text)).toMatchObject({ code: 404, sdk_error_code: 40400 });
  });
});
