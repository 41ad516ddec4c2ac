import { createHash, hash, timingSafeEqual } from 'node:crypto';
import { ensureUser } from './ensure-user.ts';
import { generateApiKey } from './random-key.ts';
import type { KeyOwner } from '../http/handler.ts';
import type { Sql } from '../database/sql.ts';
import { openSql, type StorageLocation } from '../database/open-storage.ts';
import type { ExternalCommits } from '../database/external-commits.ts';
import { createAuditStore } from './audit-store.ts';
import { createUserStore, type ApiKeyListing, type UserStore } from './user-store.ts';
import { createWorkspaceStore } from './workspace-store.ts';

export { generateApiKey };

/** New keys (custom ones, the bootstrap key) shorter than this are refused: with the prefix in clear, a short one could be guessed. */
export const MIN_KEY_LENGTH = 32;
/** Presented keys shorter than this are refused unchecked (keys registered before the 32-character rule had at least 12). */
const MIN_PRESENTED_KEY_LENGTH = 12;
/** How many leading characters of a key are stored in clear, to list and revoke it. */
export const KEY_PREFIX_LENGTH = 8;


/** SHA-256 of a key: enough for high-entropy random keys (no password stretching needed). */
export const hashApiKey = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** The stored, listable prefix of a key. */
export const keyPrefix = (key: string): string => key.slice(0, KEY_PREFIX_LENGTH);

/** Why a key of this length is refused (the key itself is never repeated). */
export const shortKeyProblem = (key: string): string =>
  `An API key needs at least ${MIN_KEY_LENGTH} characters (this one has ${key.length}); its first ${KEY_PREFIX_LENGTH} are stored in clear to list and revoke it. Use a random one, e.g. \`openssl rand -base64 30\`.`;

/** Registers a key for a user (named, and read-only when asked); refuses keys too short to be safe. */
export async function registerApiKey(users: UserStore, userId: number, key: string, now: number, options: { name?: string; readOnly?: boolean } = {}): Promise<string> {
  if (key.length < MIN_KEY_LENGTH) throw new Error(shortKeyProblem(key));
  await users.addKey({ userId, prefix: keyPrefix(key), hash: hashApiKey(key), ...options }, now);
  return keyPrefix(key);
}

/** How often a key's last use is written at most (ms): the listing shows it to the minute. */
const KEY_USE_INTERVAL_MS = 60_000;

/**
 * Finds the user a presented key belongs to (undefined when unknown, revoked, or its user disabled), comparing hashes in
 * constant time. Recent successes are cached by hash and dropped whenever another connection committed
 * (`externalCommits`, which looks at most once per event-loop turn and 1 ms), so keys revoked by
 * `keys revoke` in another process stop working for the requests that follow it, and whenever this service changed
 * credentials itself. A key's use is noted at most once a minute.
 */
export function createAuthenticator(users: UserStore, externalCommits: ExternalCommits, now: () => number = Date.now): (presented: string) => Promise<KeyOwner | undefined> {
  const cache = new Map<string, KeyOwner & { keyId: number }>();
  const noted = new Map<number, number>();
  /** Counts cache drops: a match read before one is not cached (the key may have been revoked meanwhile). */
  let generation = 0;
  const forget = () => {
    generation += 1;
    cache.clear();
  };
  externalCommits.onCommit(forget);
  users.onCredentialsChange(forget);
  const noteUse = (keyId: number) => {
    const at = now();
    if (at - (noted.get(keyId) ?? 0) < KEY_USE_INTERVAL_MS) return;
    if (noted.size >= 10_000) noted.clear();
    noted.set(keyId, at);
    users.noteKeyUse(keyId, at).catch((error: unknown) => console.error('noting a key use failed', error));
  };
  return async (presented) => {
    if (presented.length < MIN_PRESENTED_KEY_LENGTH || presented.length > 500) return undefined;
    await externalCommits.refresh();
    // The one-shot digest as text is several times cheaper than a Hash object per request.
    const id = hash('sha256', presented, 'base64');
    const cached = cache.get(id);
    if (cached) {
      noteUse(cached.keyId);
      return cached;
    }
    const before = generation;
    const caller = await matchKey(users, Buffer.from(id, 'base64'), keyPrefix(presented));
    if (caller) noteUse(caller.keyId);
    if (caller && generation === before) {
      if (cache.size >= 1000) cache.clear();
      cache.set(id, caller);
    }
    return caller;
  };
}

async function matchKey(users: UserStore, presentedHash: Buffer, prefix: string): Promise<(KeyOwner & { keyId: number }) | undefined> {
  let match: (KeyOwner & { keyId: number }) | undefined;
  for (const candidate of await users.keyCandidates(prefix)) {
    if (!timingSafeEqual(candidate.hash, presentedHash)) continue;
    const { keyId, userId, userName } = candidate;
    match = { keyId, userId, userName, isServiceAdmin: candidate.isAdmin === 1, readOnly: candidate.readOnly === 1, keyPrefix: prefix };
  }
  return match;
}

/** A key just issued: the key itself is shown once and never stored. */
export interface IssuedKey {
  apiKey: string;
  prefix: string;
  userName: string;
}

/** Issues a new key for a user of the service's database (creating the user and their default workspace if needed), recorded in the audit trail. */
export async function issueApiKey(options: StorageLocation & { userName: string; isAdmin?: boolean }): Promise<IssuedKey> {
  return withStores(options, (users, db) => {
    const now = Date.now();
    const audit = createAuditStore(db);
    return db.transaction(async () => {
      const user = await ensureUser({ users, workspaces: createWorkspaceStore(db), audit }, options.userName, options.isAdmin ?? false, now);
      const apiKey = generateApiKey();
      const prefix = await registerApiKey(users, user.id, apiKey, now);
      await audit.record(undefined, { workspaceId: null, action: 'key.created', target: prefix, after: { userName: user.name } }, now);
      return { apiKey, prefix, userName: user.name };
    });
  });
}

/** Every key of the service's database, by prefix (revoked ones marked). */
export async function listApiKeys(location: StorageLocation): Promise<ApiKeyListing[]> {
  return withStores(location, (users) => users.listKeys());
}

/** Revokes the keys of the service's database that start with the prefix (recorded in the audit trail); returns how many. */
export async function revokeApiKeys(location: StorageLocation, prefix: string): Promise<number> {
  if (prefix.length < KEY_PREFIX_LENGTH) throw new Error(`Give at least the first ${KEY_PREFIX_LENGTH} characters of the key.`);
  return withStores(location, (users, db) => db.transaction(async () => {
    const now = Date.now();
    const revoked = await users.revokeKeys(keyPrefix(prefix), now);
    if (revoked > 0) await createAuditStore(db).record(undefined, { workspaceId: null, action: 'key.revoked', target: keyPrefix(prefix), after: { revoked } }, now);
    return revoked;
  }));
}

async function withStores<T>(location: StorageLocation, use: (users: UserStore, db: Sql) => Promise<T>): Promise<T> {
  const db = await openSql(location);
  try {
    return await use(createUserStore(db), db);
  } finally {
    await db.close();
  }
}
