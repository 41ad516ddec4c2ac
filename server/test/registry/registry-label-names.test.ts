import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { experimentWithModel, WORKSPACE } from './registry-fixtures.ts';
import { membersOf, modelWithVersions, versionStates, type Member } from './governance-fixtures.ts';

let server: TestServer;
let requester: Member;

beforeAll(async () => {
  server = await startTestServer();
  [requester] = (await membersOf(server, ['lena'])) as [Member];
  const protectedNames = [{ kind: 'stage' as const, value: 'production' }, { kind: 'status' as const, value: 'Production' }];
  expect((await server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, modelName: null, rules: protectedNames } })).status).toBe(200);
});
afterAll(() => server.close());

/** Names that look like "production" (or a part of it) but are not: invisible characters, and compatibility forms. */
const LOOKALIKES: [string, RegExp][] = [
  ['production\u200b', /invisible or control characters \(it holds U\+200B\)/],
  ['pro\u200bduction', /invisible or control characters \(it holds U\+200B\)/],
  ['pro\ufeffduction', /invisible or control characters \(it holds U\+FEFF\)/],
  ['\u202eproduction', /invisible or control characters \(it holds U\+202E\)/],
  ['production\u2060', /invisible or control characters \(it holds U\+2060\)/],
  ['pro\u3164duction', /invisible or control characters \(it holds U\+3164\)/],
  ['ｐｒｏｄｕｃｔｉｏｎ', /plain characters, not compatibility forms such as fullwidth letters: "production"/],
  ['Ｐroduction', /plain characters, not compatibility forms such as fullwidth letters: "Production"/],
];

/** Expects a 400 whose message says what is wrong with the name. */
function expectRefused(reply: { status: number; body: { msg?: string; code?: number; sdk_error_code?: number } }, why: RegExp): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body).toMatchObject({ code: 400, msg: expect.stringMatching(why), sdk_error_code: expect.any(Number) });
}

describe('stage and status names compared with an approval policy (issue 41)', () => {
  it.each(LOOKALIKES)('refuses the stage %j with a 400 saying why, and sets nothing', async (stage, why) => {
    const [v1] = (await modelWithVersions(server, `lookalike-${LOOKALIKES.findIndex(([name]) => name === stage)}`, ['1.0.0'])) as [string];
    expectRefused(await server.call('addRegistryModelVersionStage', { key: requester.key, query: { modelItemId: v1, stage } }), why);
    expectRefused(await server.call('moveRegistryModelVersion', { key: requester.key, body: { registryModelItemId: v1, stage } }), why);
  });

  it('holds a stage whose invisible characters sit only at its ends (trimmed to the plain name) like the plain name', async () => {
    const [v1] = (await modelWithVersions(server, 'trimmed-lookalike', ['1.0.0'])) as [string];
    for (const stage of ['\ufeffproduction', 'production\ufeff', ' PRODUCTION ']) {
      const held = await server.call('addRegistryModelVersionStage', { key: requester.key, query: { modelItemId: v1, stage } });
      expect(held.status, `${JSON.stringify(stage)}: ${JSON.stringify(held.body)}`).toBe(202);
    }
    expect((await versionStates(server, 'trimmed-lookalike'))['1.0.0']?.stages).toEqual([]);
  });

  it('refuses look-alike names wherever a stage, status or alias is given: new versions, statuses, allowed values, policy rules, artifact aliases', async () => {
    const [v1] = (await modelWithVersions(server, 'lookalike-everywhere', ['1.0.0'])) as [string];
    const invisible = /invisible or control characters \(it holds U\+200B\)/;
    const fullwidth = /compatibility forms such as fullwidth letters: "Production"/;
    const { experimentModelId } = await experimentWithModel(server, 'lookalike-source');
    expectRefused(await server.call('createRegistryModel', { key: requester.key, body: { experimentModelId, registryModelName: 'lookalike-new', stages: ['production\u200b'] } }), invisible);
    expectRefused(await server.call('setRegistryModelItemStatus', { key: requester.key, body: { modelItemId: v1, status: 'Ｐｒｏｄｕｃｔｉｏｎ' } }), fullwidth);
    expectRefused(await server.call('moveRegistryModelVersion', { key: requester.key, body: { registryModelItemId: v1, status: 'Production\u200b' } }), /U\+200B/);
    const allowed = ['None', 'Staging', 'Production\u200b'];
    expectRefused(await server.call('setRegistryAllowedStatusValues', { body: { workspaceName: WORKSPACE, allowedStatus: allowed } }), invisible);
    const rules = [{ kind: 'stage' as const, value: 'production\u200b' }];
    expectRefused(await server.call('setRegistryPolicy', { body: { workspaceName: WORKSPACE, modelName: 'lookalike-everywhere', rules } }), invisible);
    expect((await versionStates(server, 'lookalike-everywhere'))['1.0.0']).toEqual({ stages: [], status: 'None' });
    const { experimentKey } = await experimentWithModel(server, 'lookalike-artifact-source');
    const artifact = { experimentKey, artifactName: 'lookalike-data', artifactType: 'dataset', alias: ['best\u200b'] };
    expectRefused(await server.call('upsertArtifact', { key: requester.key, body: artifact }), invisible);
  });

  it('still takes plain names in any script, with accents composed', async () => {
    const [v1] = (await modelWithVersions(server, 'plain-names', ['1.0.0'])) as [string];
    for (const stage of ['qa', 'recette-validée', 'Cafe\u0301', '本番前', '🚀 canary']) {
      expect((await server.call('addRegistryModelVersionStage', { key: requester.key, query: { modelItemId: v1, stage } })).status, stage).toBe(200);
    }
    expect((await versionStates(server, 'plain-names'))['1.0.0']?.stages).toEqual(['qa', 'recette-validée', 'Café', '本番前', '🚀 canary']);
  });
});
