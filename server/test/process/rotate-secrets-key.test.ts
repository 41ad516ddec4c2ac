import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secretsKey } from '../../src/database/secret-box.ts';
import { readKeyFile, secretsKeyFile } from '../../src/database/secrets-keys.ts';
import { runCli } from '../support/child-server.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { databaseFlags, testBackends } from '../support/test-database.ts';
import { configureAndNotify, expectAllSealed, expectVerifiedNotification, firstStart, startAgain } from '../webhooks/sealed-fixtures.ts';
import { startReceiver, type Receiver } from '../webhooks/webhooks-receiver.ts';

const newKey = () => randomBytes(32).toString('base64');
const keyId = (base64: string) => secretsKey(Buffer.from(base64, 'base64')).id;

describe.each(testBackends())('rotate-secrets-key on %s', (backend) => {
  let receiver: Receiver;
  const started: TestServer[] = [];
  const keep = (server: TestServer) => (started.push(server), server);
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    const closing = started.splice(0);
    for (const server of closing) await server.close();
    for (const server of closing) rmSync(server.dataDir, { recursive: true, force: true });
    await receiver.close();
  });

  it('replaces the key file\'s key and reseals every secret, so that the old key is no longer needed; never while the service runs', async () => {
    const first = keep(await firstStart(backend));
    const modelItemId = await configureAndNotify(first, receiver);
    await receiver.waitFor(1);
    const rotate = () => runCli(['rotate-secrets-key', '--data-dir', first.dataDir, ...databaseFlags(first.storage)]);
    const refused = await rotate();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('instance(s) of the service run on this database: stop them first');
    const old = readKeyFile(first.dataDir)?.current.id;
    await first.close();

    const rotated = await rotate();
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    const keyring = readKeyFile(first.dataDir);
    expect(keyring?.previous).toEqual([]);
    expect(keyring?.current.id).not.toBe(old);
    expect(rotated.stdout).toContain(`New secrets key ${keyring?.current.id}`);
    await expectAllSealed(first.storage, keyring?.current.id);
    const again = keep(await startAgain(first.storage));
    await expectVerifiedNotification(again, receiver, modelItemId, 'qa', 2);
  });

  it('reseals with TRACKDESK_SECRETS_KEY what TRACKDESK_SECRETS_PREVIOUS_KEYS opens, after which the new key alone serves', async () => {
    const [oldKey, nextKey] = [newKey(), newKey()];
    const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-rotate-env-'));
    const first = keep(await startTestServer({ backend, dataDir, webhooksAllowPrivate: true, secretsKeys: { current: oldKey, previous: [] } }));
    const modelItemId = await configureAndNotify(first, receiver);
    await receiver.waitFor(1);
    await expectAllSealed(first.storage, keyId(oldKey));
    await first.close();
    expect(existsSync(secretsKeyFile(dataDir))).toBe(false);

    const rotated = await runCli(['rotate-secrets-key', '--data-dir', dataDir, ...databaseFlags(first.storage)], { TRACKDESK_SECRETS_KEY: nextKey, TRACKDESK_SECRETS_PREVIOUS_KEYS: oldKey });
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toContain('remove TRACKDESK_SECRETS_PREVIOUS_KEYS');
    await expectAllSealed(first.storage, keyId(nextKey));
    const again = keep(await startAgain(first.storage, { secretsKeys: { current: nextKey, previous: [] } }));
    await expectVerifiedNotification(again, receiver, modelItemId, 'qa', 2);
  });
});
