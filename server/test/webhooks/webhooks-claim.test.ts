import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStorage, type OpenStorage } from '../../src/database/open-storage.ts';
import { createDeliveryStore, type DeliveryStore } from '../../src/webhooks/delivery-store.ts';
import { startTestServer } from '../support/harness.ts';
import { freshPostgresDatabase, testBackends } from '../support/test-database.ts';

const ROWS = 120;
const LEASE = 60_000;

/** Two processes' worth of storage (own connections) on the database of a service that bootstrapped its workspace. */
async function twoConnections(backend: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-claim-'));
  const databaseUrl = backend === 'postgres' ? await freshPostgresDatabase() : undefined;
  const location = { dataDir, ...(databaseUrl === undefined ? {} : { databaseUrl }) };
  const service = await startTestServer({ backend, ...location });
  const opened: OpenStorage[] = [await openStorage(location), await openStorage(location)];
  const workspaceId = await opened[0]?.sql.prepare<[], number>('SELECT id FROM workspaces ORDER BY id LIMIT 1').pluck().get();
  if (workspaceId === undefined) throw new Error('no workspace');
  return {
    workspaceId,
    stores: opened.map((storage) => createDeliveryStore(storage.sql, storage.secrets)),
    async close() {
      for (const storage of opened) await storage.close();
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Claims until nothing is due, a few rows at a time, returning the ids taken. */
async function drain(store: DeliveryStore, now: number): Promise<number[]> {
  const taken: number[] = [];
  for (;;) {
    const claimed = await store.claim(now, 3, now + LEASE);
    if (claimed.length === 0) return taken;
    taken.push(...claimed.map((delivery) => delivery.id));
  }
}

describe.each(testBackends())('claiming due webhook deliveries on %s', (backend) => {
  it('gives each due row to exactly one of several racing connections, and again to one once its lease expired', async () => {
    const { workspaceId, stores, close } = await twoConnections(backend);
    try {
      const [first, second] = stores;
      if (!first || !second) throw new Error('two stores expected');
      const now = Date.now() + 10 * 24 * 60 * 60 * 1000; // never due for the service's own worker
      for (let index = 0; index < ROWS; index++) {
        const uuid = `delivery-${String(index)}`;
        await first.enqueue({ uuid, workspaceId, modelName: 'm', url: 'http://127.0.0.1:9/hook', headers: {}, secret: null, eventType: 'E', payload: '{}' }, now);
      }
      const racers = [first, second, first, second].map((store) => drain(store, now));
      const taken = (await Promise.all(racers)).flat();
      expect(taken).toHaveLength(ROWS);
      expect(new Set(taken).size).toBe(ROWS);
      expect(await second.claim(now + LEASE - 1, ROWS, now + 2 * LEASE)).toEqual([]);

      const afterLease = now + LEASE;
      const retaken = (await Promise.all([drain(first, afterLease), drain(second, afterLease)])).flat();
      expect(retaken.sort((a, b) => a - b)).toEqual([...taken].sort((a, b) => a - b));
    } finally {
      await close();
    }
  }, 60_000);
});
