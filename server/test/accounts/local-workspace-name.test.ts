import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localWorkspaceName } from '../../src/accounts/local-workspace.ts';
import { addRunBody, sdkCall, sdkExperimentKey } from '../support/clientlib-sdk.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

const dirs: string[] = [];
const running: TestServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts a service (again, when `on` is given: on its rows), closed after the test. */
async function start(options: { on?: TestServer; localWorkspaceName?: string } = {}): Promise<TestServer> {
  const dataDir = options.on ? undefined : mkdtempSync(join(tmpdir(), 'trackdesk-local-name-'));
  if (dataDir !== undefined) dirs.push(dataDir);
  const where = options.on ? { storage: options.on.storage } : { dataDir };
  const server = await startTestServer({ ...where, ...(options.localWorkspaceName === undefined ? {} : { localWorkspaceName: options.localWorkspaceName }) });
  running.push(server);
  return server;
}

/** Stops a service started by `start` (its rows stay for the next start). */
async function stop(server: TestServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  await server.close();
}

const workspaceNames = async (server: TestServer) => (await server.call('listWorkspaces', {})).body.workspaceNames;
const projectNames = async (server: TestServer, workspaceName: string) => {
  const reply = await server.call('listProjects', { query: { workspaceName } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.projects.map((project) => project.projectName);
};
const renames = async (server: TestServer) => (await server.call('serviceAuditTrail', { query: { action: 'workspace.renamed' } })).body.events;

describe('the local workspace, named for its person (issue 46)', () => {
  it('renames the "admin" workspace of a data folder in use, and "admin" keeps reaching it: REST, the SDK, and a new workspace of that name refused', async () => {
    const before = await start();
    await before.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'scripts' } });
    await stop(before);

    const local = await start({ on: before, localWorkspaceName: 'alice' });
    expect(await workspaceNames(local)).toEqual(['alice']);
    expect((await local.call('accountDetails', {})).body.defaultWorkspaceName).toBe('alice');
    expect(await projectNames(local, 'alice')).toEqual(['scripts']);
    // A script or saved config naming the workspace the old way: a REST write, and the SDK's `teamName`.
    expect((await local.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'from-script' } })).status).toBe(200);
    const experimentKey = sdkExperimentKey();
    const handshake = await sdkCall(local.url, { path: 'logger/add/run', body: addRunBody(experimentKey, 'from-sdk', 'admin'), experimentKey });
    expect(handshake.status, JSON.stringify(handshake.json)).toBe(200);
    expect((await projectNames(local, 'alice')).sort()).toEqual(['from-script', 'from-sdk', 'scripts']);
    expect(await projectNames(local, 'admin')).toEqual(await projectNames(local, 'alice'));
    const again = await local.call('createWorkspace', { body: { name: 'admin' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 409, sdk_error_code: expect.any(Number) });
    expect(await renames(local)).toEqual([expect.objectContaining({ action: 'workspace.renamed', target: 'alice', before: { name: 'admin' }, after: { name: 'alice' } })]);
    await stop(local);

    // Later starts (even under another person's name) leave a workspace no longer called "admin" as it is.
    const later = await start({ on: local, localWorkspaceName: 'bob' });
    expect(await workspaceNames(later)).toEqual(['alice']);
    expect(await renames(later)).toHaveLength(1);
  });

  it('names a new data folder\'s workspace for the person from its first start, with "admin" reaching it too', async () => {
    const local = await start({ localWorkspaceName: 'alice' });
    expect(await workspaceNames(local)).toEqual(['alice']);
    expect((await local.call('createExperiment', { body: { workspaceName: 'admin', projectName: 'docs-example' } })).status).toBe(200);
    expect(await projectNames(local, 'alice')).toEqual(['docs-example']);
  });

  it('keeps "admin" when the name is another workspace\'s, and on the standalone service (no local name)', async () => {
    const standalone = await start();
    expect((await standalone.call('createWorkspace', { body: { name: 'alice' } })).status).toBe(200);
    expect(await workspaceNames(standalone)).toEqual(['admin', 'alice']);
    await stop(standalone);
    const local = await start({ on: standalone, localWorkspaceName: 'alice' });
    expect(await workspaceNames(local)).toEqual(['admin', 'alice']);
    expect(await renames(local)).toEqual([]);
  });

  it("takes the operating system's user name, or \"Local\" when there is none fit for a workspace", () => {
    expect(localWorkspaceName('alice')).toBe('alice');
    expect(localWorkspaceName(undefined)).toBe('Local');
    expect(localWorkspaceName('  ')).toBe('Local');
    expect(localWorkspaceName('x'.repeat(101))).toBe('Local');
  });
});
