import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What Chromium sends when the address bar opens a link. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const HOSTILE = `<script>alert("x")</script><img src=x onerror='y'>&amp;`;

/** Creates a run as the SDK does and answers the address the service gave it ("Experiment is live on …"). */
const run = async (projectName: string, experimentName?: string) => {
  const created = await server.call('createExperiment', { body: { workspaceName: 'admin', projectName, ...(experimentName === undefined ? {} : { experimentName }) } });
  expect(created.status).toBe(200);
  return created.body;
};
const open = async (link: string, accept?: string) => {
  const response = await fetch(link, { headers: accept === undefined ? {} : { accept } });
  return { response, text: await response.text() };
};
/** The `href` of the page's "Open in Trackdesk" link, as a browser reads it (entities decoded). */
const appLinkOf = (page: string): URL => {
  const href = /<a class="open" href="([^"]*)">Open in Trackdesk<\/a>/.exec(page)?.[1];
  expect(href, page).toBeDefined();
  return new URL(href!.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>'));
};
const expectStrictPage = (response: Response) => {
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('content-security-policy') ?? '').toMatch(/^default-src 'none'; style-src 'sha256-[\w+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('cache-control')).toBe('no-store');
};
/** The JSON 404 the service gives every unknown address. */
const expectJson404 = async (response: Response, path: string) => {
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(await response.json()).toEqual({ msg: `No endpoint GET ${path}.`, code: 404, sdk_error_code: expect.any(Number) });
};

describe('the page at the run address the SDK prints', () => {
  it('names the run, its project and workspace to a browser, and opens it in Trackdesk with the same address', async () => {
    const created = await run('vision', 'resnet-50 sweep');
    const { response, text } = await open(created.link, BROWSER_ACCEPT);
    expect(response.status).toBe(200);
    expectStrictPage(response);
    expect(text).toContain('<title>resnet-50 sweep · vision · Trackdesk</title>');
    expect(text).toContain('<h1>resnet-50 sweep</h1>');
    expect(text).toContain(`the project <strong>vision</strong> of the workspace <strong>admin</strong> (key <code>${created.experimentKey}</code>)`);
    const appLink = appLinkOf(text);
    expect(`${appLink.protocol}//${appLink.host}`).toBe('trackdesk://open');
    expect([...appLink.searchParams.keys()]).toEqual(['link']);
    expect(appLink.searchParams.get('link')).toBe(created.link);
    expect(text).not.toMatch(/<script|<img|<iframe|<form/);
  });

  it('answers at the address of a project the run is symlinked into (E6), naming that project', async () => {
    const created = await run('vision', 'shared run');
    await run('showcase', 'another');
    const linked = await server.call('symlinkExperiment', { query: { experimentKey: created.experimentKey, projectName: 'showcase' } });
    expect(linked.status).toBe(200);
    const { response, text } = await open(linked.body.link, BROWSER_ACCEPT);
    expect(response.status).toBe(200);
    expect(text).toContain('<h1>shared run</h1>');
    expect(text).toContain('the project <strong>showcase</strong> of the workspace <strong>admin</strong>');
  });

  it('tells a browser nothing more than the address holds and the name: no metrics, parameters or state', async () => {
    const created = await run('vision', 'private sweep');
    await server.call('logParameter', { body: { experimentKey: created.experimentKey, parameterName: 'secret_lr', parameterValue: '0.123456' } });
    await server.call('logMetric', { body: { experimentKey: created.experimentKey, metricName: 'secret_accuracy', metricValue: 0.987654, step: 1 } });
    const { text } = await open(created.link, BROWSER_ACCEPT);
    expect(text).toContain('<h1>private sweep</h1>');
    for (const hidden of ['secret_lr', '0.123456', 'secret_accuracy', '0.987654']) expect(text).not.toContain(hidden);
  });

  it('answers one and the same 404 page for a wrong key, a wrong project, a wrong workspace, and a run in the bin', async () => {
    const created = await run('vision', 'to be deleted');
    const other = await run('audio', 'elsewhere');
    const { origin } = new URL(created.link);
    expect((await server.call('deleteExperiment', { query: { experimentKey: created.experimentKey } })).status).toBe(200);
    const pages = await Promise.all(
      [created.link, `${origin}/admin/vision/${'f'.repeat(32)}`, `${origin}/admin/vision/${other.experimentKey}`, `${origin}/nobody/audio/${other.experimentKey}`].map((link) => open(link, BROWSER_ACCEPT)),
    );
    for (const { response, text } of pages) {
      expect(response.status).toBe(404);
      expectStrictPage(response);
      expect(text).toBe(pages[0]?.text);
      expect(text).toContain('<h1>No run at this address</h1>');
    }
  });

  it('leaves API clients the JSON 404, at a run address and at any unknown address', async () => {
    const created = await run('vision', 'json please');
    const { pathname } = new URL(created.link);
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html', 'text/html;q=0.5, application/json']) {
      await expectJson404((await server.fetch(pathname, accept === undefined ? {} : { headers: { accept } })), pathname);
    }
    await expectJson404(await server.fetch('/api/rest/nothing'), '/api/rest/nothing');
    await expectJson404(await server.fetch('/a/b/c/d', { headers: { accept: BROWSER_ACCEPT } }), '/a/b/c/d');
    const endpoint = await server.fetch('/api/rest/v2/account-details', { headers: { accept: BROWSER_ACCEPT } });
    expect(endpoint.status).toBe(401);
  });

  it('escapes a hostile run, project and workspace name everywhere it appears', async () => {
    expect((await server.call('createWorkspace', { body: { name: HOSTILE } })).status).toBe(200);
    const created = await server.call('createExperiment', { body: { workspaceName: HOSTILE, projectName: HOSTILE, experimentName: HOSTILE } });
    expect(created.status).toBe(200);
    const { response, text } = await open(created.body.link, BROWSER_ACCEPT);
    expect(response.status).toBe(200);
    expect(text).not.toContain('<script');
    expect(text).not.toContain('<img');
    expect(text).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;amp;</h1>');
    expect(appLinkOf(text).searchParams.get('link')).toBe(created.body.link);
  });
});
