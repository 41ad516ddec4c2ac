import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { openSql, type StorageLocation } from '../../src/database/open-storage.ts';
import { experimentWithModel, WORKSPACE } from '../registry/registry-fixtures.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import type { TestBackend } from '../support/test-database.ts';
import { verifySignature, type Receiver } from './webhooks-receiver.ts';

/** The webhook secret the tests configure: it must never be found in the database's bytes or a backup's. */
export const HOOK_SECRET = 'whsec-sealed-4f1c9a0e7b2d';
/** A configured header's value, as secret as the signing secret. */
export const HEADER_VALUE = 'Bearer hdr-sealed-8e3b6d2a1c';
/** The registry model the tests notify about. */
export const MODEL = 'sealed';

/** A service on a data dir of its own that closing it keeps (to start again on it), with webhooks to loopback allowed. */
export async function firstStart(backend: TestBackend): Promise<TestServer> {
  return startTestServer({ backend, dataDir: mkdtempSync(join(tmpdir(), 'trackdesk-sealed-')), webhooksAllowPrivate: true });
}

/** Starts a service again on `storage` (with any extra options, e.g. secrets keys). */
export const startAgain = (storage: StorageLocation, extra: Parameters<typeof startTestServer>[0] = {}) =>
  startTestServer({ storage, webhooksAllowPrivate: true, ...extra });

/** Configures the receiver for MODEL with the secret and header, and registers the model at stage `staging` (one notification); answers its version's id. */
export async function configureAndNotify(server: TestServer, receiver: Receiver): Promise<string> {
  const webhookUrls = [{ url: `${receiver.url}/sealed`, secret: HOOK_SECRET, header: { Authorization: HEADER_VALUE } }];
  expect((await server.call('mergeWebhookConfig', { body: { webhookConfigs: [{ workspaceName: WORKSPACE, modelName: MODEL, webhookUrls }] } })).status).toBe(204);
  const { experimentModelId } = await experimentWithModel(server, 'source');
  const created = await server.call('createRegistryModel', { body: { experimentModelId, registryModelName: MODEL, stages: ['staging'] } });
  expect(created.status).toBe(200);
  return created.body.registryModelItemId ?? '';
}

/** Adds a stage to the version, waits for the `count`th notification and checks it carries the header and verifies with the secret. */
export async function expectVerifiedNotification(server: TestServer, receiver: Receiver, modelItemId: string, stage: string, count: number): Promise<void> {
  expect((await server.call('addRegistryModelVersionStage', { query: { modelItemId, stage } })).status).toBe(200);
  const notification = (await receiver.waitFor(count))[count - 1];
  if (!notification) throw new Error(`notification ${count} expected`);
  expect(notification.headers.authorization).toBe(HEADER_VALUE);
  expect(verifySignature(notification, HOOK_SECRET)).toBe(true);
}

/** Every stored value of the columns holding secrets (webhook configuration and outbox: secret and headers; SSO refresh tokens). */
export async function storedSecrets(storage: StorageLocation): Promise<string[]> {
  const sql = await openSql(storage);
  try {
    const values: (string | null)[] = [];
    for (const table of ['webhook_urls', 'webhook_deliveries']) {
      for (const row of await sql.prepare<[], { secret: string | null; headers: string }>(`SELECT secret, headers FROM ${table}`).all()) values.push(row.secret, row.headers);
    }
    for (const row of await sql.prepare<[], { token: string | null }>('SELECT refresh_token AS token FROM sso_identities').all()) values.push(row.token);
    return values.filter((value): value is string => value !== null);
  } finally {
    await sql.close();
  }
}

/** Checks that every stored secret is sealed (with `keyId` when given) and that none holds the secret or the header value. */
export async function expectAllSealed(storage: StorageLocation, keyId?: string): Promise<void> {
  const values = await storedSecrets(storage);
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) {
    expect(value).toMatch(keyId === undefined ? /^enc:v1:[0-9a-f]{8}:/ : new RegExp(`^enc:v1:${keyId}:`));
    expect(value).not.toContain(HOOK_SECRET);
    expect(value).not.toContain('hdr-sealed');
  }
}
