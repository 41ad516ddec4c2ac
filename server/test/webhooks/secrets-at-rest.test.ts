import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSql } from '../../src/database/open-storage.ts';
import { createSecretBox } from '../../src/database/secret-box.ts';
import { readKeyFile, secretsKeyFile } from '../../src/database/secrets-keys.ts';
import { createSsoStore } from '../../src/accounts/sso/sso-store.ts';
import type { TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';
import { configureAndNotify, expectAllSealed, expectVerifiedNotification, firstStart, HEADER_VALUE, HOOK_SECRET, startAgain, storedSecrets } from './sealed-fixtures.ts';
import { startReceiver, verifySignature, type Receiver } from './webhooks-receiver.ts';

const REFRESH_TOKEN = 'refresh-in-clear-5d7e1f';

describe.each(testBackends())('secrets at rest on %s', (backend) => {
  let receiver: Receiver;
  const started: TestServer[] = [];
  const start = async (server: Promise<TestServer>) => {
    started.push(await server);
    return started.at(-1) as TestServer;
  };
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    const closing = started.splice(0);
    for (const server of closing) await server.close();
    for (const server of closing) rmSync(server.dataDir, { recursive: true, force: true });
    await receiver.close();
  });

  it('stores webhook secrets and header values sealed, each differently, and notifications still carry them and verify', async () => {
    const server = await start(firstStart(backend));
    await configureAndNotify(server, receiver);
    const [notification] = await receiver.waitFor(1);
    if (!notification) throw new Error('a notification expected');
    expect(notification.headers.authorization).toBe(HEADER_VALUE);
    expect(verifySignature(notification, HOOK_SECRET)).toBe(true);
    await expectAllSealed(server.storage);
    const values = await storedSecrets(server.storage);
    expect(new Set(values).size).toBe(values.length);
  });

  it('seals at start what a database stored in clear, and sends its pending notification with the same secret and header', async () => {
    const first = await start(firstStart(backend));
    await first.close();
    const sql = await openSql(first.storage);
    const admin = await sql.prepare<[], { id: number }>("SELECT id FROM users WHERE name = 'admin'").get();
    const workspace = await sql.prepare<[], { id: number }>("SELECT id FROM workspaces WHERE name = 'admin'").get();
    const headers = JSON.stringify({ Authorization: HEADER_VALUE });
    await sql.prepare('INSERT INTO webhook_urls (workspace_id, model_name, url, headers, secret, created_at, last_updated) VALUES (?, ?, ?, ?, ?, 0, 0)').run(workspace?.id, 'm', `${receiver.url}/old`, headers, HOOK_SECRET);
    await sql
      .prepare("INSERT INTO webhook_deliveries (uuid, workspace_id, model_name, url, headers, secret, event_type, payload, next_attempt_at, created_at) VALUES (?, ?, 'm', ?, ?, ?, 'MODEL_VERSION_STAGE_CHANGED', '{\"old\":true}', 0, 0)")
      .run(randomUUID(), workspace?.id, `${receiver.url}/old`, headers, HOOK_SECRET);
    await sql.prepare("INSERT INTO sso_identities (user_id, issuer, subject, refresh_token, checked_at) VALUES (?, 'https://id.example', 'sub-1', ?, 0)").run(admin?.id, REFRESH_TOKEN);
    await sql.close();

    const again = await start(startAgain(first.storage));
    const [notification] = await receiver.waitFor(1);
    if (!notification) throw new Error('the pending notification expected');
    expect(notification.body).toBe('{"old":true}');
    expect(notification.headers.authorization).toBe(HEADER_VALUE);
    expect(verifySignature(notification, HOOK_SECRET)).toBe(true);
    await expectAllSealed(again.storage);
    expect((await storedSecrets(again.storage)).join()).not.toContain(REFRESH_TOKEN);
    const keyring = readKeyFile(again.dataDir);
    if (!keyring) throw new Error('a key file expected');
    const reading = await openSql(again.storage);
    try {
      expect((await createSsoStore(reading, createSecretBox(keyring)).identityOfUser(Number(admin?.id)))?.refreshToken).toBe(REFRESH_TOKEN);
    } finally {
      await reading.close();
    }
  });

  it('refuses to start without the key, or with another key, saying what to do; with the key back it notifies as before', async () => {
    const first = await start(firstStart(backend));
    const modelItemId = await configureAndNotify(first, receiver);
    await receiver.waitFor(1);
    await first.close();
    const keyFile = secretsKeyFile(first.dataDir);
    const key = readFileSync(keyFile);
    rmSync(keyFile);
    await expect(startAgain(first.storage)).rejects.toThrow(/holds secrets sealed with secrets key [0-9a-f]{8}, but no key was found .*put back the key file/);
    const other = { current: randomBytes(32).toString('base64'), previous: [] };
    await expect(startAgain(first.storage, { secretsKeys: other })).rejects.toThrow(/sealed with secrets key [0-9a-f]{8}, which this service was not given/);
    writeFileSync(keyFile, key, { mode: 0o600 });
    const again = await start(startAgain(first.storage));
    await expectVerifiedNotification(again, receiver, modelItemId, 'qa', 2);
  });
});
