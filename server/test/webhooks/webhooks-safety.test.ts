import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from '../../src/assets/download.ts';
import { retryAfterMillis, sendWebhook } from '../../src/webhooks/send.ts';
import { checkAddress } from '../../src/webhooks/url-safety.ts';
import { defaultDeliveryPolicy, retryDelay } from '../../src/webhooks/worker.ts';
import { startReceiver, type Receiver } from './webhooks-receiver.ts';

describe('webhook address rules', () => {
  it.each([
    ['8.8.8.8', true, true],
    ['2606:4700::1111', true, true],
    ['127.0.0.1', false, true],
    ['::1', false, true],
    ['10.1.2.3', false, true],
    ['192.168.0.10', false, true],
    ['fd12::1', false, true],
    ['100.64.0.1', false, true],
    ['169.254.169.254', false, false],
    ['169.254.1.1', false, false],
    ['fe80::1', false, false],
    ['100.100.100.200', false, false],
    ['fd00:ec2::254', false, false],
    ['168.63.129.16', false, false],
    ['0.0.0.0', false, false],
    ['224.0.0.1', false, false],
    ['::ffff:169.254.169.254', false, false],
    ['64:ff9b::a9fe:a9fe', false, false],
    ['2002:a9fe:a9fe::1', false, false],
    ['64:ff9b::808:808', true, true],
    ['::a9fe:a9fe', false, false],
    ['::169.254.169.254', false, false],
    ['::7f00:1', false, true],
    ['::127.0.0.1', false, true],
    ['::a00:1', false, true],
    ['::c0a8:a', false, true],
    ['::808:808', true, true],
    ['::', false, false],
  ])('%s: allowed by default %s, with --webhooks-allow-private %s', (address, byDefault, withPrivate) => {
    const allowed = (allowPrivate: boolean) => {
      try {
        checkAddress(address, allowPrivate);
        return true;
      } catch {
        return false;
      }
    };
    expect([allowed(false), allowed(true)]).toEqual([byDefault, withPrivate]);
  });
});

describe('the address check when connecting', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('does not deliver to a host name that resolves to a refused address (localhost → 127.0.0.1)', async () => {
    const byName = receiver.url.replace('127.0.0.1', 'localhost');
    const post = (allowPrivate: boolean) => sendWebhook({ url: byName, headers: {}, body: '{}' }, { allowPrivate, timeoutMillis: 5_000 });
    const refused = await post(false);
    expect(refused.statusCode).toBeNull();
    expect(refused.error).toContain('loopback');
    expect(receiver.received).toHaveLength(0);

    const allowed = await post(true);
    expect(allowed.statusCode).toBe(200);
    expect(receiver.received).toHaveLength(1);
  });
});

describe('retry timing', () => {
  it('doubles the delay per attempt up to the maximum, and prefers Retry-After', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelay(attempts, null, defaultDeliveryPolicy))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(30, null, defaultDeliveryPolicy)).toBe(defaultDeliveryPolicy.backoffMaxMillis);
    expect(retryDelay(3, 0, defaultDeliveryPolicy)).toBe(0);
    expect(retryDelay(1, 10 * 60 * 60 * 1000, defaultDeliveryPolicy)).toBe(defaultDeliveryPolicy.backoffMaxMillis);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMillis('120', now)).toBe(120_000);
    expect(retryAfterMillis('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMillis('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMillis('soon', now)).toBeNull();
    expect(retryAfterMillis(undefined, now)).toBeNull();
  });
});

describe('download ranges', () => {
  it('parses single byte ranges and refuses unsatisfiable ones', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-20', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=0-1,3-4', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(() => parseRange('bytes=3-2', 10)).toThrow('outside');
    expect(() => parseRange('bytes=-0', 10)).toThrow('outside');
    expect(() => parseRange('bytes=0-', 0)).toThrow('outside');
  });
});
