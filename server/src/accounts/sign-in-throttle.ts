import { SdkError } from '../../../shared/api/index.ts';
import type { Sql } from '../database/sql.ts';
import { ApiError } from '../http/api-error.ts';

/** Failures of one user name from one address that cost no wait. */
export const PAIR_FREE_FAILURES = 5;
/** The wait after the first failure beyond the free ones (ms); it doubles with each further failure. */
const FIRST_DELAY_MS = 60_000;
/** The longest wait between two attempts of one user name from one address (ms). */
const MAX_DELAY_MS = 15 * 60_000;
/** How long a failure of a user name from an address is remembered (ms). */
const PAIR_WINDOW_MS = 60 * 60_000;
/** Failures from one address (whatever the user names) after which it is refused until the oldest of them is this old (ms). */
const ADDRESS_WINDOW_MS = 15 * 60_000;
/** Failures from one address within ADDRESS_WINDOW_MS after which the address is refused. */
export const ADDRESS_CAP = 20;

/** A sign-in attempt already counted as a failure, before its password was checked. */
export interface SignInAttempt {
  /** The password was right: the attempt does not count, and the earlier failures of its user name from its address are forgotten. */
  succeeded(): Promise<void>;
}

/** Counts sign-in attempts per (address, user name) and per address, in the database: every instance counts every attempt. */
export interface SignInThrottle {
  /**
   * Counts an attempt of `userName` from `address` as a failure before its password is checked, in one transaction with
   * the check (so parallel attempts cannot all pass it); or refuses it with 429 (Retry-After and Retry-After-Custom)
   * while that pair backs off or the address is over its cap.
   */
  reserve(userName: string, address: string, now: number): Promise<SignInAttempt>;
}

/** The wait (ms) an (address, user name) pair owes after `failures` failures, from its latest one. */
export const pairDelayMs = (failures: number): number =>
  failures < PAIR_FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - PAIR_FREE_FAILURES));

const tooMany = (waitMs: number) => {
  const seconds = waitMs / 1000;
  return new ApiError(429, SdkError.throttled, `Too many failed sign-ins: try again in ${Math.ceil(seconds)} s.`, {
    'Retry-After': String(Math.ceil(seconds)),
    'Retry-After-Custom': seconds.toFixed(3),
  });
};

/** Creates the sign-in throttle over a database. */
export function createSignInThrottle(db: Sql): SignInThrottle {
  const pairFailures = db.prepare<[string, number], { failures: number; latest: number | null }>(
    'SELECT count(*) AS failures, max(at) AS latest FROM sign_in_failures WHERE subject = ? AND at > ?',
  );
  const addressFailures = db.prepare<[string, number, number], number>('SELECT at FROM sign_in_failures WHERE subject = ? AND at > ? ORDER BY at DESC LIMIT ?').pluck();
  const insert = db.prepare<[string, number], number>('INSERT INTO sign_in_failures (subject, at) VALUES (?, ?) RETURNING id').pluck();
  const expire = db.prepare('DELETE FROM sign_in_failures WHERE at <= ?');
  const forgetPair = db.prepare('DELETE FROM sign_in_failures WHERE subject = ?');
  const forgetOne = db.prepare('DELETE FROM sign_in_failures WHERE id = ?');
  /** Milliseconds until the pair may try again (0 or less: now). */
  const pairWait = async (pair: string, now: number) => {
    const { failures, latest } = (await pairFailures.get(pair, now - PAIR_WINDOW_MS)) ?? { failures: 0, latest: null };
    return latest === null ? 0 : latest + pairDelayMs(failures) - now;
  };
  /** Milliseconds until the address may try again (0 or less: now): when the cap-th latest failure leaves the window. */
  const addressWait = async (address: string, now: number) => {
    const times = await addressFailures.all(address, now - ADDRESS_WINDOW_MS, ADDRESS_CAP);
    return times.length < ADDRESS_CAP ? 0 : (times[ADDRESS_CAP - 1] as number) + ADDRESS_WINDOW_MS - now;
  };
  return {
    reserve: async (userName, address, now) => {
      const pair = `pair:${address} ${userName}`;
      const addressSubject = `address:${address}`;
      const addressRow = await db.transaction(async () => {
        await expire.run(now - Math.max(PAIR_WINDOW_MS, ADDRESS_WINDOW_MS));
        const waitMs = Math.max(await pairWait(pair, now), await addressWait(addressSubject, now));
        if (waitMs > 0) throw tooMany(waitMs);
        await insert.get(pair, now);
        return insert.get(addressSubject, now);
      });
      return {
        succeeded: () =>
          db.transaction(async () => {
            await forgetPair.run(pair);
            await forgetOne.run(addressRow);
          }),
      };
    },
  };
}
