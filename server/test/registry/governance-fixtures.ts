import { expect } from 'vitest';
import { issueApiKey } from '../../src/accounts/keys.ts';
import type { TestServer } from '../support/harness.ts';
import { mapInOrder } from '../../src/database/in-order.ts';
import { experimentWithModel, WORKSPACE } from './registry-fixtures.ts';

/** A user of the test service with their own key. */
export interface Member {
  name: string;
  key: string;
}

/**
 * Registers users with keys (through the same code as `keys create`) and has the admin add them to the admin's
 * workspace as members (ext.memberAdd).
 */
export async function membersOf(server: Pick<TestServer, 'storage' | 'call'>, names: readonly string[]): Promise<Member[]> {
  return mapInOrder(names, async (name) => {
    const key = (await issueApiKey({ ...server.storage, userName: name })).apiKey;
    const added = await server.call('addWorkspaceMember', { body: { workspaceName: WORKSPACE, userName: name, role: 'member' } });
    expect(added.status).toBe(200);
    return { name, key };
  });
}

/** A registry model with the given versions (each from its own experiment model); returns their registryModelItemIds in order. */
export async function modelWithVersions(server: Pick<TestServer, 'call'>, modelName: string, versions: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, version] of versions.entries()) {
    const { experimentModelId } = await experimentWithModel(server, `${modelName}-source-${index}`);
    const body = { experimentModelId, registryModelName: modelName, version };
    const created = index === 0 ? await server.call('createRegistryModel', { body }) : await server.call('createRegistryModelVersion', { body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    ids.push(created.body.registryModelItemId);
  }
  return ids;
}

/** The versions of a model keyed by version string: stages and status. */
export async function versionStates(server: Pick<TestServer, 'call'>, modelName: string): Promise<Record<string, { stages: string[]; status: string }>> {
  const details = await server.call('registryModelDetails', { query: { workspaceName: WORKSPACE, modelName } });
  expect(details.status).toBe(200);
  return Object.fromEntries(details.body.versions.map((version) => [version.version, { stages: version.stages, status: version.status }]));
}

/** A version's history action types, newest first. */
export async function historyActions(server: Pick<TestServer, 'call'>, registryModelItemId: string): Promise<string[]> {
  const reply = await server.call('registryModelItemHistory', { body: { registryModelItemId, groupedBy: 'DAY' } });
  expect(reply.status).toBe(200);
  const days: Record<string, { id: string; actionType: string }[]> = reply.body;
  return Object.values(days)
    .flat()
    .sort((a, b) => Number(b.id) - Number(a.id))
    .map((event) => event.actionType);
}
