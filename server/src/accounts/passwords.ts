import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with OWASP's parameters for 32 MiB (N = 2^15, r = 8, p = 3): Node's own (OpenSSL's) implementation, in every
 * runtime the service runs in (Electron's Node included). Stored as `scrypt$N$r$p$<salt>$<hash>` (base64), so that
 * stronger parameters can come later without invalidating stored passwords.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
/** Room for the largest parameters read back (128 · N · r · p, with a margin). */
const MAX_MEMORY = 256 * 1024 * 1024;

/** Shortest password accepted. */
export const MIN_PASSWORD_LENGTH = 10;

const derive = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key)));
  });

/** The stored form of a password: a fresh salt and its scrypt hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Whether `password` matches a stored hash (compared in constant time); false for a hash this service cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the user does not exist, so that an unknown user costs the same time as a wrong password. */
export const DECOY_HASH = 'scrypt$32768$8$3$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
