import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new random key: 40 alphanumeric characters (about 238 bits). Its own module: the app imports it without the storage. */
export function generateApiKey(): string {
  let key = '';
  for (let i = 0; i < 40; i += 1) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}
