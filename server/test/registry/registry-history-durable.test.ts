import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../src/database/database.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { experimentWithModel, WORKSPACE } from './registry-fixtures.ts';

/** A controllable clock: the service's `now`. */
let clock = Date.UTC(2023, 5, 6, 12, 0, 0);
let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-registry-history-'));
  server = await startTestServer({ dataDir, now: () => clock });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The history as the SDK reads it, grouped by day. */
async function history(registryModelItemId: string): Promise<Record<string, { actionType: string }[]>> {
  const reply = await server.call('registryModelItemHistory', { body: { registryModelItemId, groupedBy: 'DAY' } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

describe('registry history over days and restarts', () => {
  it('groups by UTC day ("June 6, 2023"), newest first, and survives a restart on the same data dir', async () => {
    clock = Date.UTC(2023, 5, 6, 23, 59, 0);
    const { experimentModelId } = await experimentWithModel(server, 'daily');
    const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'daily' } });
    const { registryModelItemId } = created.body;
    clock = Date.UTC(2023, 5, 7, 0, 1, 0);
    await server.call('addRegistryModelVersionStage', { query: { modelItemId: registryModelItemId, stage: 'prod' } });
    clock = Date.UTC(2023, 5, 7, 9, 30, 0);
    await server.call('setRegistryModelItemStatus', { body: { modelItemId: registryModelItemId, status: 'Production' } });

    const before = await history(registryModelItemId);
    expect(Object.keys(before)).toEqual(['June 7, 2023', 'June 6, 2023']);
    expect(before['June 7, 2023']?.map((event) => event.actionType)).toEqual(['MODEL_VERSION_STATUS_CHANGED', 'MODEL_VERSION_STAGE_ADDED']);
    expect(before['June 6, 2023']?.map((event) => event.actionType)).toEqual(['MODEL_VERSION_CREATED']);

    await server.close();
    server = await startTestServer({ storage: server.storage, now: () => clock });
    expect(await history(registryModelItemId)).toEqual(before);
    clock = Date.UTC(2023, 5, 8, 8, 0, 0);
    await server.call('removeRegistryModelVersionStage', { query: { modelItemId: registryModelItemId, stage: 'prod' } });
    expect(Object.keys(await history(registryModelItemId))).toEqual(['June 8, 2023', 'June 7, 2023', 'June 6, 2023']);
  });
});

describe('registry history of versions made before it existed', () => {
  it('gives every version a creation entry when migration 007 runs on an older database', async () => {
    const oldDir = mkdtempSync(join(tmpdir(), 'trackdesk-registry-migration-'));
    try {
      // SQLite's migration 007 (PostgreSQL's schema starts with the history table).
      let old = await startTestServer({ backend: 'sqlite', dataDir: oldDir, now: () => Date.UTC(2022, 0, 2, 10, 0, 0) });
      const { experimentModelId } = await experimentWithModel(old, 'legacy');
      const created = await old.call('createRegistryModel', { body: { experimentModelId, registryModelName: 'legacy', comment: 'old', stages: ['prod'] } });
      await old.close();

      const db = new Database(databaseFile(oldDir));
      db.exec(`DROP TABLE registry_history; DROP TABLE registry_status_values;
        ALTER TABLE registry_versions DROP COLUMN status; ALTER TABLE registry_versions DROP COLUMN metadata;
        DELETE FROM schema_migrations WHERE version = 7;`);
      db.close();

      old = await startTestServer({ storage: old.storage });
      const reply = await old.call('registryModelItemHistory', { body: { registryModelItemId: created.body.registryModelItemId, groupedBy: 'DAY' } });
      expect(reply.body).toEqual({
        'January 2, 2022': [
          expect.objectContaining({
            actionType: 'MODEL_VERSION_CREATED',
            comment: 'old',
            newValue: { version: '1.0.0', status: 'None', stages: ['prod'], comment: 'old' },
            userName: 'admin',
          }),
        ],
      });
      const details = await old.call('registryModelItemDetails', { query: { workspaceName: WORKSPACE, modelName: 'legacy', version: '1.0.0' } });
      expect(details.body).toMatchObject({ status: 'None', metadata: {}, tags: ['prod'] });
      await old.close();
    } finally {
      rmSync(oldDir, { recursive: true, force: true });
    }
  });
});
