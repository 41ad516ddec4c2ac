import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { testBackends } from '../support/test-database.ts';

const PASSWORD = 'nina-correct-horse';
/** The test's own address counts as a trusted proxy, so each call names its client in X-Forwarded-For. */
const BEHIND_PROXY = { trustedProxies: ['127.0.0.1', '::1'] };

/** A sign-in of `userName` from the client `address` (through the trusted proxy). */
const signInFrom = (server: TestServer, address: string, userName: string, password: string) =>
  server.call('signIn', { key: null, body: { userName, password, keyName: 'laptop' }, headers: { 'x-forwarded-for': address } });

/** How many replies had each status, e.g. `{401: 5, 429: 25}`. */
const countStatuses = (replies: { status: number }[]) =>
  replies.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** The audit trail's failed sign-ins of `userName`: one per attempt whose password was checked. */
const checkedFailures = async (server: TestServer, userName: string) =>
  (await server.call('serviceAuditTrail', { query: { action: 'signIn.failed', limit: 1000 } })).body.events.filter((event) => event.target === userName);

describe.each(testBackends())('the sign-in throttle on %s', (backend) => {
  let server: TestServer;
  const clock = { now: Date.UTC(2026, 0, 1) };
  beforeAll(async () => {
    server = await startTestServer({ backend, ...BEHIND_PROXY, now: () => clock.now });
    for (const userName of ['nina', 'otto']) expect((await server.call('createUser', { body: { userName, password: PASSWORD } })).status).toBe(200);
  });
  afterAll(() => server.close());

  it('lets 5 of 30 parallel wrong passwords reach the check and holds the rest back, the right password too, from that client only', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, (_, attempt) => signInFrom(server, '203.0.113.7', 'nina', `wrong-password-${attempt}`)));
    expect(countStatuses(replies)).toEqual({ 401: 5, 429: 25 });
    expect(await checkedFailures(server, 'nina')).toHaveLength(5);
    expect((await checkedFailures(server, 'nina')).map((event) => event.after)).toEqual(Array(5).fill({ address: '203.0.113.7' }));
    const throttled = await signInFrom(server, '203.0.113.7', 'nina', PASSWORD);
    expect(throttled.status).toBe(429);
    expect(throttled.body.msg).toMatch(/^Too many failed sign-ins: try again in \d+ s\.$/);
    // Nina, at her own address, is not locked out by a stranger's guesses.
    expect((await signInFrom(server, '198.51.100.20', 'nina', PASSWORD)).status).toBe(200);
  }, 60_000);

  it('backs off a client and user name with a growing wait, and forgets the failures once the right password is given', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signInFrom(server, '203.0.113.8', 'otto', `wrong-${attempt}`)).status).toBe(401);
    const first = await signInFrom(server, '203.0.113.8', 'otto', PASSWORD);
    expect(first.status).toBe(429);
    expect(Number(first.headers.get('retry-after-custom'))).toBe(60);
    clock.now += 60_000;
    expect((await signInFrom(server, '203.0.113.8', 'otto', 'wrong-again')).status).toBe(401);
    expect(Number((await signInFrom(server, '203.0.113.8', 'otto', PASSWORD)).headers.get('retry-after-custom'))).toBe(120);
    clock.now += 120_000;
    expect((await signInFrom(server, '203.0.113.8', 'otto', PASSWORD)).status).toBe(200);
    expect((await signInFrom(server, '203.0.113.8', 'otto', 'wrong-after-success')).status).toBe(401);
  }, 60_000);

  it('caps an address at 20 failures in 15 minutes, whatever the user names, without holding back other addresses', async () => {
    clock.now += 3_600_000;
    const guesses = await Promise.all(Array.from({ length: 24 }, (_, index) => signInFrom(server, '203.0.113.9', `guess-${index}`, 'some-password')));
    expect(countStatuses(guesses)).toEqual({ 401: 20, 429: 4 });
    expect((await signInFrom(server, '203.0.113.9', 'nina', PASSWORD)).status).toBe(429);
    expect((await signInFrom(server, '203.0.113.10', 'nina', PASSWORD)).status).toBe(200);
  }, 90_000);
});

describe('the sign-in throttle with two instances on one PostgreSQL database', () => {
  it('counts the attempts sent to both together', async () => {
    const first = await startTestServer({ backend: 'postgres', ...BEHIND_PROXY });
    const second = await startTestServer({ storage: first.storage, ...BEHIND_PROXY });
    try {
      expect((await first.call('createUser', { body: { userName: 'nina', password: PASSWORD } })).status).toBe(200);
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, attempt) => signInFrom(attempt % 2 === 0 ? first : second, '203.0.113.7', 'nina', `wrong-password-${attempt}`)),
      );
      expect(countStatuses(replies)).toEqual({ 401: 5, 429: 25 });
      expect((await signInFrom(second, '203.0.113.7', 'nina', PASSWORD)).status).toBe(429);
      expect((await signInFrom(first, '198.51.100.20', 'nina', PASSWORD)).status).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);
});

describe('client addresses', () => {
  it('come from X-Forwarded-For only when the peer is a trusted proxy', async () => {
    const trusting = await startTestServer({ ...BEHIND_PROXY });
    const other = await startTestServer({ trustedProxies: ['10.0.0.0/8'] });
    try {
      await signInFrom(trusting, '203.0.113.7', 'nobody', 'some-password');
      expect((await checkedFailures(trusting, 'nobody'))[0]?.after).toEqual({ address: '203.0.113.7' });
      // From a peer that is not a trusted proxy, a new X-Forwarded-For per guess changes nothing: one address, one count.
      const guesses = [];
      for (let attempt = 0; attempt < 6; attempt += 1) guesses.push(await signInFrom(other, `203.0.113.${attempt}`, 'admin', `guess-${attempt}`));
      expect(countStatuses(guesses)).toEqual({ 401: 5, 429: 1 });
      expect((await checkedFailures(other, 'admin')).map((event) => event.after)).toEqual(Array(5).fill({ address: '127.0.0.1' }));
    } finally {
      await other.close();
      await trusting.close();
    }
  }, 60_000);
});
