import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, leastRoleFor, pathParameterNames, readOnlyKeyMay, type Endpoint } from '../../../shared/api/index.ts';
import { issueApiKey } from '../../src/accounts/keys.ts';
import { baseRequest, inputFields, targetOf } from '../conformance/bad-input/base.ts';
import { createFixtures, type FixtureValues } from '../conformance/bad-input/fixtures.ts';
import { changedTables, watchDatabase, type DatabaseWatch } from '../support/database-digest.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
let database: DatabaseWatch;
/**
 * Fields that make an endpoint's generated request one the allowed role gets through with (unique names, real values
 * where the samples are placeholders); merged over the query and JSON body. Endpoints that need state no request
 * makes on its own (a pending promotion request, a trashed experiment, a delivery) are left to their own tests.
 */
const OVERRIDES: Record<string, (fixtures: FixtureValues) => Record<string, unknown>> = {
  addWorkspaceMember: () => ({ userName: 'matrix-extra', role: 'viewer' }),
  setWorkspaceMemberRole: () => ({ userName: 'matrix-member', role: 'member' }),
  removeWorkspaceMember: () => ({ userName: 'matrix-member' }),
  createProject: () => ({ projectName: 'matrix-created-project' }),
  updateProject: () => ({ workspaceName: undefined, projectName: undefined }),
  setStartEndTime: () => ({ startTimeMillis: 1000 }),
  createRegistryModel: () => ({ registryModelName: 'matrix-created-model' }),
  createRegistryModelVersion: () => ({ version: '2.0.0' }),
  createRegistryModelItem: (fixtures) => ({ experimentModelName: fixtures.modelName, registryModelName: 'matrix-item-model', version: '1.0.0', status: undefined }),
  setRegistryModelItemStatus: () => ({ status: 'Staging' }),
  setRegistryAllowedStatusValues: () => ({ allowedStatus: ['None', 'Development', 'Staging', 'Production'] }),
  moveRegistryModelVersion: () => ({ stage: 'production', status: undefined, previousHolderStatus: undefined }),
  uploadRemoteAssets: () => ({ remoteAssets: [{ link: 'https://example.com/a.txt' }] }),
  upsertArtifact: () => ({ artifactType: 'dataset' }),
  setArtifactState: () => ({ state: 'CLOSED' }),
  updateArtifactDetails: (fixtures) => ({ artifactId: fixtures.artifact_id, artifactType: 'dataset', version: undefined }),
  mergeWebhookConfig: () => ({ webhookConfigs: [{ workspaceName: 'admin', webhookUrls: [] }] }),
  replaceWebhookConfig: () => ({ webhookConfigs: [{ workspaceName: 'admin', webhookUrls: [] }] }),
  clientlibAddRun: () => ({ experimentKey: undefined }),
  clientlibMetricBatch: () => ({ values: [{ metricName: 'loss', metricValue: 1 }] }),
  clientlibParameterBatch: () => ({ values: [{ parameterName: 'lr', parameterValue: 0.1 }] }),
  clientlibGetRun: (fixtures) => ({ previousExperiment: fixtures.experimentKey }),
  getArtifactVersion: (fixtures) => ({ consumerExperimentKey: fixtures.experimentKey }),
  clientlibSymlink: (fixtures) => ({ projectName: fixtures.otherProjectName }),
};

/** Fixtures an endpoint's own fields do not ask for, and state its request needs: reads that could write must reach their handler. */
const PREPARE: Record<string, { fields: string[]; state?: (fixtures: FixtureValues) => Promise<void> }> = {
  clientlibGetRun: {
    fields: ['experimentKey'],
    // A finished run: resuming it would turn it back to running.
    state: async (fixtures) => {
      const ended = await server.call('clientlibStatusUpdate', { body: { experimentKey: String(fixtures.experimentKey), is_alive: false } });
      expect(ended.status).toBe(200);
    },
  },
  // A call waiting for the run's process: fetching it would clear the heartbeat's pending_rpcs.
  clientlibPendingRpcs: { fields: ['callId'] },
  // Another project of the workspace, for the experiment to be linked into.
  clientlibSymlink: {
    fields: [],
    state: async (fixtures) => {
      fixtures.otherProjectName = `matrix-symlink-target-${fixtures.experimentKey}`;
      expect((await server.call('createProject', { body: { workspaceName: 'admin', projectName: String(fixtures.otherProjectName), projectDescription: 'the symlink target', isPublic: false } })).status).toBe(200);
    },
  },
  getArtifactVersion: {
    fields: ['artifactVersionId'],
    state: async (fixtures) => {
      const body = { experimentKey: String(fixtures.experimentKey), artifactVersionId: String(fixtures.artifactVersionId), state: 'CLOSED' };
      expect((await server.call('setArtifactState', { body })).status).toBe(200);
    },
  },
};

/**
 * Keys of users in the admin's workspace ('admin') as a viewer, a member and an admin who is no service admin, of a user
 * outside it, and of a service admin outside it.
 */
const keys = { viewer: '', member: '', workspaceAdmin: '', outsider: '', serviceAdminOutsider: '', readOnlyAdmin: '', revoked: '', disabledUser: '' };

beforeAll(async () => {
  server = await startTestServer();
  await issueApiKey({ ...server.storage, userName: 'matrix-extra' });
  for (const [who, role] of [['viewer', 'viewer'], ['member', 'member'], ['outsider', undefined]] as const) {
    keys[who] = (await issueApiKey({ ...server.storage, userName: `matrix-${who}` })).apiKey;
    if (role) expect((await server.call('addWorkspaceMember', { body: { workspaceName: 'admin', userName: `matrix-${who}`, role } })).status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await database.close();
  await server.close();
});

beforeAll(async () => {
  const made = await server.call('createMyKey', { body: { name: 'matrix read-only', readOnly: true } });
  expect(made.status).toBe(200);
  keys.readOnlyAdmin = made.body.apiKey;
  // A revoked key of the admin's, and a key of a user a service admin disabled (a member of the workspace before).
  const revoked = await server.call('createMyKey', { body: { name: 'matrix revoked' } });
  keys.revoked = revoked.body.apiKey;
  expect((await server.call('revokeMyKey', { body: { prefix: revoked.body.prefix } })).status).toBe(200);
  keys.disabledUser = (await issueApiKey({ ...server.storage, userName: 'matrix-disabled' })).apiKey;
  expect((await server.call('addWorkspaceMember', { body: { workspaceName: 'admin', userName: 'matrix-disabled', role: 'member' } })).status).toBe(200);
  expect((await server.call('updateUser', { body: { userName: 'matrix-disabled', disabled: true } })).status).toBe(200);
});

/** Creates a user through the service admin's endpoint and signs them in: the key of their device. */
async function signedInUser(userName: string): Promise<string> {
  const password = `${userName}-password`;
  expect((await server.call('createUser', { body: { userName, password } })).status).toBe(200);
  const signedIn = await server.call('signIn', { key: null, body: { userName, password, keyName: 'matrix' } });
  expect(signedIn.status).toBe(200);
  return signedIn.body.apiKey;
}

beforeAll(async () => {
  // The two kinds of admin apart: an admin of the workspace who is no service admin, and a service admin (promoted after
  // signing in, so the promotion must reach a key already in use) who belongs to no workspace but their own.
  keys.workspaceAdmin = await signedInUser('matrix-workspace-admin');
  expect((await server.call('addWorkspaceMember', { body: { workspaceName: 'admin', userName: 'matrix-workspace-admin', role: 'admin' } })).status).toBe(200);
  keys.serviceAdminOutsider = await signedInUser('matrix-service-admin');
  expect((await server.call('updateUser', { body: { userName: 'matrix-service-admin', isServiceAdmin: true } })).body.isServiceAdmin).toBe(true);
  database = await watchDatabase(server.storage);
});

/** Sends the endpoint's valid request (on the admin's fixtures) with `key`: its path parameters, query, and JSON body or a one-file form. */
async function send(name: string, endpoint: Endpoint, key: string, fixtures: FixtureValues): Promise<{ status: number; text: string }> {
  const base = baseRequest(name, endpoint, key, fixtures);
  const patch = OVERRIDES[name]?.(fixtures) ?? {};
  const pick = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(patch).filter(([field]) => field in fields));
  const request = { ...base, query: { ...base.query, ...pick(base.queryFields) }, body: base.body && { ...base.body, ...pick(base.bodyFields) } };
  const path = pathParameterNames(request.path).reduce((filled, parameter) => filled.replace(`{${parameter}}`, encodeURIComponent(String(fixtures[parameter] ?? 'x'))), request.path);
  const headers: Record<string, string> = key ? { authorization: key } : {};
  let body: RequestInit['body'];
  if (endpoint.bodyKind === 'multipart') {
    const form = new FormData();
    form.append('file', new Blob(['bytes']), 'file.txt');
    body = form;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await server.fetch(targetOf(path, request.query), { method: endpoint.method, headers, body });
  return { status: response.status, text: await response.text() };
}

/**
 * Sends the request with a key that may not write (a viewer's, a read-only key) and expects no row of the database to
 * have changed: a read never writes for a caller who may not write (issue 41), whatever it answers.
 */
async function sendLeavingDatabaseUnchanged(name: string, endpoint: Endpoint, key: string, fixtures: FixtureValues, who: string): Promise<{ status: number; text: string }> {
  const before = await database.digest();
  const reply = await send(name, endpoint, key, fixtures);
  if (readOnlyKeyMay(endpoint)) expect(changedTables(before, await database.digest()), `${endpoint.id} with ${who} (${reply.status}) wrote`).toEqual([]);
  return reply;
}

/** The identifiers of the admin's workspace a reply must not show to an outsider. */
const identifiersOf = (fixtures: FixtureValues): string[] =>
  Object.values(fixtures).flat().filter((value): value is string => typeof value === 'string' && value.length >= 16);

/**
 * Makes the matrix users (and the admin) members of the admin's workspace again in their roles: an endpoint may have
 * removed one (ext.memberLeave, sent with each role's key).
 */
async function restoreMembers(): Promise<void> {
  const admin = await server.call('addWorkspaceMember', { key: keys.workspaceAdmin, body: { workspaceName: 'admin', userName: 'admin', role: 'admin' } });
  expect([200, 409], `the workspace admin adds the admin back: ${admin.status} ${admin.bytes.toString('utf8')}`).toContain(admin.status);
  for (const [userName, role] of [['matrix-viewer', 'viewer'], ['matrix-member', 'member'], ['matrix-workspace-admin', 'admin']] as const) {
    const body = { workspaceName: 'admin', userName, role };
    if ((await server.call('addWorkspaceMember', { body })).status === 409) expect((await server.call('setWorkspaceMemberRole', { body })).status).toBe(200);
  }
}

/** Endpoints that act on no workspace: any user may call them (E1 makes the caller the new workspace's admin; the rest are the caller's own). */
const UNSCOPED = new Set(['createWorkspace', 'accountDetails', 'listWorkspaces', 'whoAmI', 'listMyKeys', 'createMyKey', 'revokeMyKey', 'setMyPassword', 'acceptInvitation']);
const guarded = Object.entries(api).filter(([, endpoint]) => !endpoint.public);
/** How many refusals were checked against a request the next role up got through with (the matrix must not be vacuous). */
let proven = 0;
const unproven: string[] = [];

/** What the 403 of a caller below the endpoint's need says. */
const refusalOf = (endpoint: Endpoint): string =>
  endpoint.needs === 'service-admin' ? 'needs a service admin' : `needs the ${leastRoleFor(endpoint.needs)} role`;

/**
 * Sends the endpoint's request as each role below what it needs and then as the least role allowed: when the allowed
 * one gets through, each one below must have been refused with a 403 naming the role needed; when it does not (a base
 * request the endpoint refuses for everyone), the ones below must not get through either.
 */
async function expectRefusedBelow(name: string, endpoint: Endpoint, fixtures: FixtureValues, below: readonly string[], allowed: string): Promise<void> {
  const refusals = [];
  for (const key of below) refusals.push(await send(name, endpoint, key, fixtures));
  const passed = await send(name, endpoint, allowed, fixtures);
  if (passed.status < 300) proven += 1;
  else unproven.push(`${endpoint.id} ${passed.status} ${passed.text.slice(0, 120)}`);
  for (const refused of refusals) {
    if (passed.status < 300) {
      expect(refused.status, `${endpoint.id} below ${endpoint.needs}: ${refused.text}`).toBe(403);
      expect(JSON.parse(refused.text)).toMatchObject({ code: 403, sdk_error_code: 90210, msg: expect.stringContaining(refusalOf(endpoint)) });
    } else {
      expect(refused.status, `${endpoint.id} below ${endpoint.needs} (allowed: ${passed.status} ${passed.text}): ${refused.text}`).toBeGreaterThanOrEqual(400);
    }
  }
}

/** Expects no identifier of the admin's workspace in a reply to someone outside it. */
const expectNothingShown = (reply: { status: number; text: string }, fixtures: FixtureValues, what: string): void => {
  if (reply.status < 300) for (const id of identifiersOf(fixtures)) expect(reply.text, `${what} showed ${id}`).not.toContain(id);
};

describe('authorization matrix: every endpoint × {no key, revoked key, disabled user, read-only key, outsider, service admin outside the workspace, viewer, member, workspace admin, service admin} as its contract entry says; reads by a viewer or a read-only key leave the database unchanged', () => {
  beforeEach(restoreMembers);

  it.each(guarded)('%s', async (name, endpoint) => {
    const fixtures = await createFixtures(server.url, `matrix-${name}`, [...inputFields(endpoint), ...pathParameterNames(endpoint.path), ...(PREPARE[name]?.fields ?? [])]);
    await PREPARE[name]?.state?.(fixtures);
    for (const [who, key] of [['no key', ''], ['a revoked key', keys.revoked], ['a disabled user', keys.disabledUser]] as const) {
      const refused = await send(name, endpoint, key, fixtures);
      expect([400, 401], `${endpoint.id} with ${who}: ${refused.status} ${refused.text}`).toContain(refused.status);
      expect(JSON.parse(refused.text).sdk_error_code, `${endpoint.id} with ${who}`).toBe(90212);
    }
    const readOnly = await sendLeavingDatabaseUnchanged(name, endpoint, keys.readOnlyAdmin, fixtures, 'a read-only key');
    if (readOnlyKeyMay(endpoint)) expect(readOnly.status, `${endpoint.id} with a read-only key: ${readOnly.text}`).not.toBe(403);
    else expect(JSON.parse(readOnly.text), `${endpoint.id} with a read-only key`).toMatchObject({ code: 403, msg: expect.stringContaining('is read-only') });
    expectNothingShown(await send(name, endpoint, keys.outsider, fixtures), fixtures, `${endpoint.id} to an outsider`);
    // Service-admin endpoints are about the whole service (its users, its audit trail): they are sent below, once.
    if (endpoint.needs !== 'service-admin') {
      expectNothingShown(await send(name, endpoint, keys.serviceAdminOutsider, fixtures), fixtures, `${endpoint.id} to a service admin outside the workspace`);
    }
    if (UNSCOPED.has(name)) return;
    if (endpoint.needs === 'read') {
      const viewer = await sendLeavingDatabaseUnchanged(name, endpoint, keys.viewer, fixtures, 'a viewer');
      expect(viewer.status, `${endpoint.id} as a viewer: ${viewer.text}`).not.toBe(403);
    } else if (endpoint.needs === 'write') await expectRefusedBelow(name, endpoint, fixtures, [keys.viewer], keys.member);
    else if (endpoint.needs === 'workspace-admin') await expectRefusedBelow(name, endpoint, fixtures, [keys.member], keys.workspaceAdmin);
    else await expectRefusedBelow(name, endpoint, fixtures, [keys.member, keys.workspaceAdmin], keys.serviceAdminOutsider);
  });

  it('proved most refusals against a request the next role got through with', () => {
    const changing = guarded.filter(([name, endpoint]) => endpoint.needs !== 'read' && !UNSCOPED.has(name)).length;
    expect(proven, `${proven} of ${changing}; not proven:\n${unproven.join('\n')}`).toBeGreaterThan(changing * 0.75);
  });
});
