import { keyIdsInUse, sealColumns } from './sealed-columns.ts';
import { createSecretBox, unknownKeyError, type SecretBox, type SecretsKeyring } from './secret-box.ts';
import { createKeyFile, givenKeyring, readKeyFile, secretsKeyFile, type GivenSecretsKeys } from './secrets-keys.ts';
import type { Sql } from './sql.ts';

/** Where the secrets key comes from: given keys (env), else the data dir's key file. */
export interface SecretsKeySource {
  dataDir: string;
  secretsKeys?: GivenSecretsKeys;
}

/** The keys given, or the key file's; undefined when there is neither. */
export const existingKeyring = (source: SecretsKeySource): SecretsKeyring | undefined =>
  source.secretsKeys ? givenKeyring(source.secretsKeys) : readKeyFile(source.dataDir);

/**
 * The service's secret box, checked against the database: every key its sealed values use must be given, else a start
 * would fail later at the first webhook or recheck; without any key, a database holding no sealed value gets a new key
 * file. Values stored before sealing existed are sealed now (once: later starts find none).
 */
export async function openSecretBox(sql: Sql, source: SecretsKeySource): Promise<SecretBox> {
  const used = await keyIdsInUse(sql);
  const found = existingKeyring(source);
  if (!found && used.size > 0) {
    throw new Error(
      `The database holds secrets sealed with secrets key ${[...used].join(', ')}, but no key was found (${secretsKeyFile(source.dataDir)}, or TRACKDESK_SECRETS_KEY): ` +
        'put back the key file kept apart from the backups, or set TRACKDESK_SECRETS_KEY (see "Secrets at rest" in server/README.md).',
    );
  }
  const keyring = found ?? createKeyFile(source.dataDir);
  const box = createSecretBox(keyring);
  const missing = [...used].filter((keyId) => !box.knows(keyId));
  if (missing.length > 0) throw unknownKeyError(missing.join(', '), [keyring.current, ...keyring.previous].map((key) => key.id));
  await sealColumns(sql, box, false);
  return box;
}
