import { SdkError } from '../../../shared/api/index.ts';
import type { Sql } from '../database/sql.ts';
import { ApiError } from '../http/api-error.ts';

/** How long a failed sign-in counts (ms). */
const WINDOW_MS = 15 * 60_000;
/** Failures within the window after which a user name is refused until the oldest of them expires. */
const PER_USER = 5;
/** Failures within the window after which an address is refused likewise (several user names tried from it). */
const PER_ADDRESS = 20;

/** Counts failed sign-ins per user name and per address, in the database: every instance sees every failure. */
export interface SignInThrottle {
  /** 429 (with Retry-After and Retry-After-Custom) when the name or the address failed too often lately. */
  check(userName: string, address: string, now: number): Promise<void>;
  /** Counts a failure of the name from the address (and forgets failures older than the window). */
  failed(userName: string, address: string, now: number): Promise<void>;
  /** Forgets the name's failures after a sign-in that worked. */
  succeeded(userName: string): Promise<void>;
}

/** Creates the sign-in throttle over a database. */
export function createSignInThrottle(db: Sql): SignInThrottle {
  const recent = db.prepare<[string, number, number], number>('SELECT at FROM sign_in_failures WHERE subject = ? AND at > ? ORDER BY at DESC LIMIT ?').pluck();
  const insert = db.prepare('INSERT INTO sign_in_failures (subject, at) VALUES (?, ?)');
  const expire = db.prepare('DELETE FROM sign_in_failures WHERE at <= ?');
  const forget = db.prepare('DELETE FROM sign_in_failures WHERE subject = ?');
  /** Milliseconds until `subject` may try again (0: now): when the limit-th most recent failure leaves the window. */
  const wait = async (subject: string, limit: number, now: number) => {
    const times = await recent.all(subject, now - WINDOW_MS, limit);
    return times.length < limit ? 0 : (times[limit - 1] as number) + WINDOW_MS - now;
  };
  return {
    async check(userName, address, now) {
      const waitMs = Math.max(await wait(`user:${userName}`, PER_USER, now), await wait(`address:${address}`, PER_ADDRESS, now));
      if (waitMs <= 0) return;
      const seconds = waitMs / 1000;
      throw new ApiError(429, SdkError.throttled, `Too many failed sign-ins: try again in ${Math.ceil(seconds)} s.`, {
        'Retry-After': String(Math.ceil(seconds)),
        'Retry-After-Custom': seconds.toFixed(3),
      });
    },
    failed: (userName, address, now) =>
      db.transaction(async () => {
        await expire.run(now - WINDOW_MS);
        await insert.run(`user:${userName}`, now);
        await insert.run(`address:${address}`, now);
      }),
    succeeded: async (userName) => {
      await forget.run(`user:${userName}`);
    },
  };
}
