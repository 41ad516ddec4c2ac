import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SECRETS_KEY_BYTES, secretsKey, type SecretsKey, type SecretsKeyring } from './secret-box.ts';

/** The secrets key file of a data dir (mode 0600): the current key on its first line, previous ones after it. */
export const secretsKeyFile = (dataDir: string): string => join(dataDir, 'secrets.key');

/** Secrets keys given from outside the data dir (env TRACKDESK_SECRETS_KEY and TRACKDESK_SECRETS_PREVIOUS_KEYS), base64. */
export interface GivenSecretsKeys {
  current: string;
  previous: string[];
}

const FILE_HEADER =
  '# Trackdesk secrets key: it opens the webhook secrets, webhook header values and SSO refresh tokens in the database.\n' +
  '# Backups leave it out: keep a copy apart from them. The first key seals; any later one only opens (a rotation).\n';

/** A key from its base64 (or base64url) text; `origin` names where it came from in the error. */
export function parseSecretsKey(text: string, origin: string): SecretsKey {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) || key.length !== SECRETS_KEY_BYTES) {
    throw new Error(`${origin} is not a secrets key: it must be ${SECRETS_KEY_BYTES} random bytes in base64 (e.g. the output of "openssl rand -base64 32").`);
  }
  return secretsKey(key);
}

/** The keyring of keys given from outside. */
export const givenKeyring = (given: GivenSecretsKeys): SecretsKeyring => ({
  current: parseSecretsKey(given.current, 'TRACKDESK_SECRETS_KEY'),
  previous: given.previous.map((text, index) => parseSecretsKey(text, `TRACKDESK_SECRETS_PREVIOUS_KEYS (key ${index + 1})`)),
});

/** The keyring of the data dir's key file, or undefined when it has none. */
export function readKeyFile(dataDir: string): SecretsKeyring | undefined {
  const file = secretsKeyFile(dataDir);
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  const [current, ...previous] = lines.map((line, index) => parseSecretsKey(line, `${file} (key ${index + 1})`));
  if (!current) throw new Error(`${file} holds no key: put the key back from your copy of it, or remove the empty file.`);
  return { current, previous };
}

const keyLines = (keys: SecretsKey[]) => FILE_HEADER + keys.map((key) => `${key.key.toString('base64')}\n`).join('');

/** Writes `text` to a fresh 0600 temporary file beside `file` and returns its path. */
function privateTemp(file: string, text: string): string {
  const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
  writeFileSync(temp, text, { mode: 0o600, flag: 'wx', flush: true });
  return temp;
}

/**
 * Creates the data dir's key file with a new random key (0600), complete or not at all (a hard link of a written
 * temporary file); when a concurrent start created it first, its key wins.
 */
export function createKeyFile(dataDir: string): SecretsKeyring {
  const key = secretsKey(randomBytes(SECRETS_KEY_BYTES));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temp = privateTemp(secretsKeyFile(dataDir), keyLines([key]));
  try {
    linkSync(temp, secretsKeyFile(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeyFile(dataDir) as SecretsKeyring;
  } finally {
    rmSync(temp, { force: true });
  }
  return { current: key, previous: [] };
}

/** Replaces the data dir's key file with these keys (the first seals), through a 0600 temporary file renamed into place. */
export function writeKeyFile(dataDir: string, keys: SecretsKey[]): void {
  renameSync(privateTemp(secretsKeyFile(dataDir), keyLines(keys)), secretsKeyFile(dataDir));
}
