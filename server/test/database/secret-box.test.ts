import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, sealedKeyId, secretsKey } from '../../src/database/secret-box.ts';
import { parseSecretsKey } from '../../src/database/secrets-keys.ts';

const key = () => secretsKey(randomBytes(32));

describe('the secret box', () => {
  it('seals with a fresh nonce each time, naming its key, and opens what it sealed', () => {
    const current = key();
    const box = createSecretBox({ current, previous: [] });
    const [one, two] = [box.seal('whsec-1'), box.seal('whsec-1')];
    expect(one).toMatch(new RegExp(`^enc:v1:${current.id}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$`));
    expect(one).not.toBe(two);
    expect(one).not.toContain('whsec-1');
    expect([box.open(one), box.open(two)]).toEqual(['whsec-1', 'whsec-1']);
    expect(sealedKeyId(one)).toBe(current.id);
  });

  it('opens with a previous key, refuses an unknown key by its id, and detects a changed ciphertext', () => {
    const [old, next] = [key(), key()];
    const sealedWithOld = createSecretBox({ current: old, previous: [] }).seal('token');
    expect(createSecretBox({ current: next, previous: [old] }).open(sealedWithOld)).toBe('token');
    expect(() => createSecretBox({ current: next, previous: [] }).open(sealedWithOld)).toThrow(`sealed with secrets key ${old.id}, which this service was not given (it has ${next.id})`);
    const last = sealedWithOld.at(-2) === 'A' ? 'B' : 'A';
    expect(() => createSecretBox({ current: old, previous: [] }).open(`${sealedWithOld.slice(0, -2)}${last}${sealedWithOld.at(-1)}`)).toThrow();
  });

  it('takes a 32-byte key in base64 and refuses anything else, saying how to make one', () => {
    const text = randomBytes(32).toString('base64');
    expect(parseSecretsKey(text, 'TRACKDESK_SECRETS_KEY').key.toString('base64')).toBe(text);
    expect(() => parseSecretsKey('short', 'TRACKDESK_SECRETS_KEY')).toThrow('TRACKDESK_SECRETS_KEY is not a secrets key: it must be 32 random bytes in base64 (e.g. the output of "openssl rand -base64 32")');
  });
});
