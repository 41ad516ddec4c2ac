import { randomBytes } from 'node:crypto';
import { createInstances } from '../blobs/instances.ts';
import { openSql, type StorageLocation } from '../database/open-storage.ts';
import { keyIdsInUse, sealColumns } from '../database/sealed-columns.ts';
import { createSecretBox, SECRETS_KEY_BYTES, secretsKey, unknownKeyError, type SecretsKeyring } from '../database/secret-box.ts';
import { givenKeyring, readKeyFile, secretsKeyFile, writeKeyFile, type GivenSecretsKeys } from '../database/secrets-keys.ts';
import type { Sql } from '../database/sql.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
const ids = (keyring: SecretsKeyring) => [keyring.current, ...keyring.previous].map((key) => key.id);

/** Reseals every secret with the keyring's current key, after checking that it can open every one of them. */
async function resealAll(sql: Sql, keyring: SecretsKeyring): Promise<number> {
  const unknown = [...(await keyIdsInUse(sql))].filter((keyId) => !ids(keyring).includes(keyId));
  if (unknown.length > 0) throw unknownKeyError(unknown.join(', '), ids(keyring));
  return sealColumns(sql, createSecretBox(keyring), true);
}

/** Refuses while an instance of the service runs on the database: it would go on sealing with the key being retired. */
async function refuseWhileRunning(sql: Sql): Promise<void> {
  const census = await createInstances(sql, `rotate-${randomBytes(6).toString('hex')}`, 0).census();
  const alive = census.known.size - census.dead.length;
  if (alive > 0) throw new Error(`${alive} instance(s) of the service run on this database: stop them first (they seal with the key being replaced), then run rotate-secrets-key again.`);
}

/** The key file's rotation: a new key first, the old ones kept for reading while every value is resealed, then dropped. */
async function rotateKeyFile(sql: Sql, dataDir: string): Promise<void> {
  const old = readKeyFile(dataDir);
  if (!old) throw new Error(`No secrets key file at ${secretsKeyFile(dataDir)}: pass the service's --data-dir (or set TRACKDESK_SECRETS_KEY to reseal with a key of your own).`);
  await refuseWhileRunning(sql);
  const next: SecretsKeyring = { current: secretsKey(randomBytes(SECRETS_KEY_BYTES)), previous: [old.current, ...old.previous] };
  writeKeyFile(dataDir, [next.current, ...next.previous]);
  const count = await resealAll(sql, next);
  writeKeyFile(dataDir, [next.current]);
  say(`New secrets key ${next.current.id} in ${secretsKeyFile(dataDir)}; ${count} secret(s) resealed with it; the old key(s) ${next.previous.map((key) => key.id).join(', ')} removed.`);
  say('Copy the new key file to where you keep it apart from backups; keep the old copy as long as you keep backups taken before now.');
}

/**
 * `rotate-secrets-key`: with the data dir's key file, a new key replaces the old one and every secret is resealed
 * with it; with TRACKDESK_SECRETS_KEY (the new key) and TRACKDESK_SECRETS_PREVIOUS_KEYS (the old ones), every secret
 * is resealed with the new key, after which the previous keys may go.
 */
export async function runRotateSecretsKey(args: string[], location: StorageLocation & { secretsKeys: GivenSecretsKeys | undefined }): Promise<void> {
  if (args.length > 0) throw new Error('Usage: rotate-secrets-key [--data-dir <dir>] [--database postgres://…]');
  const sql = await openSql(location);
  try {
    if (location.secretsKeys === undefined) {
      await rotateKeyFile(sql, location.dataDir);
      return;
    }
    const keyring = givenKeyring(location.secretsKeys);
    const count = await resealAll(sql, keyring);
    say(`${count} secret(s) resealed with secrets key ${keyring.current.id} (TRACKDESK_SECRETS_KEY); no value needs another key now: remove TRACKDESK_SECRETS_PREVIOUS_KEYS.`);
  } finally {
    await sql.close();
  }
}
