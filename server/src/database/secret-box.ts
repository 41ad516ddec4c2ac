import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What every sealed value starts with: `enc:v1:<keyId>:<nonce>:<ciphertext and tag>` (nonce and ciphertext base64url). */
export const SEALED_PREFIX = 'enc:v1:';
/** Characters of a key id: the first 8 hex digits of the key's SHA-256 (names the key, tells nothing of it). */
export const KEY_ID_LENGTH = 8;
/** Bytes of a secrets key (AES-256). */
export const SECRETS_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** One AES-256 key and its id. */
export interface SecretsKey {
  id: string;
  key: Buffer;
}

/** The keys of a service: the current one seals and opens, the previous ones (kept during a rotation) only open. */
export interface SecretsKeyring {
  current: SecretsKey;
  previous: SecretsKey[];
}

/** Seals and opens the secrets the service keeps in its database (webhook secrets and header values, SSO refresh tokens). */
export interface SecretBox {
  /** The id of the key new values are sealed with. */
  readonly currentKeyId: string;
  /** Whether values sealed with this key id can be opened. */
  knows(keyId: string): boolean;
  /** `enc:v1:…` for a plain text, with a random nonce (the same text sealed twice differs). */
  seal(plain: string): string;
  /** The plain text of a sealed value; a value stored before sealing existed is returned as it is. */
  open(stored: string): string;
}

/** The key with its id. */
export const secretsKey = (key: Buffer): SecretsKey => ({ id: createHash('sha256').update(key).digest('hex').slice(0, KEY_ID_LENGTH), key });

/** The id of the key a stored value is sealed with, or undefined for a value that is not sealed. */
export const sealedKeyId = (stored: string): string | undefined =>
  stored.startsWith(SEALED_PREFIX) ? stored.slice(SEALED_PREFIX.length, SEALED_PREFIX.length + KEY_ID_LENGTH) : undefined;

/** The error for a value sealed with a key the service was not given. */
export const unknownKeyError = (keyId: string, known: string[]): Error =>
  new Error(
    `A secret in the database is sealed with secrets key ${keyId}, which this service was not given (it has ${known.join(', ') || 'none'}): ` +
      'start it with that key (the data dir\'s secrets.key file, or TRACKDESK_SECRETS_KEY; see "Secrets at rest" in server/README.md).',
  );

/** A box over a keyring: AES-256-GCM, a random 96-bit nonce per value. */
export function createSecretBox(keyring: SecretsKeyring): SecretBox {
  const keys = new Map([keyring.current, ...keyring.previous].map((key) => [key.id, key.key]));
  return {
    currentKeyId: keyring.current.id,
    knows: (keyId) => keys.has(keyId),
    seal(plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyring.current.key, nonce);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_PREFIX}${keyring.current.id}:${nonce.toString('base64url')}:${sealed.toString('base64url')}`;
    },
    open(stored) {
      const keyId = sealedKeyId(stored);
      if (keyId === undefined) return stored;
      const key = keys.get(keyId);
      if (!key) throw unknownKeyError(keyId, [...keys.keys()]);
      const [nonce = '', sealed = ''] = stored.slice(SEALED_PREFIX.length + KEY_ID_LENGTH + 1).split(':');
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
