import type { Sql } from '../database/sql.ts';

/** A user of the service. */
export interface User {
  id: number;
  name: string;
  isAdmin: boolean;
  createdAt: number;
  /** When a service admin disabled the user (their keys stop working); null while active. */
  disabledAt: number | null;
  /** The stored password hash (accounts/passwords.ts); null when the user has no password. */
  passwordHash: string | null;
}

/** An API key as listed (never the key itself: only its prefix). */
export interface ApiKeyListing {
  prefix: string;
  userName: string;
  name: string;
  readOnly: boolean;
  createdAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

/** A live key of an active user that starts with a given prefix, for constant-time comparison of its hash. */
export interface KeyCandidate {
  keyId: number;
  hash: Buffer;
  userId: number;
  userName: string;
  /** 1 for a service admin. */
  isAdmin: number;
  /** 1 for a read-only key. */
  readOnly: number;
}

/** What a new key is: its owner, its stored prefix and hash, a name and whether it may only read. */
export interface NewKey {
  userId: number;
  prefix: string;
  hash: Buffer;
  name?: string;
  readOnly?: boolean;
}

/** Storage of users and their hashed API keys. */
export interface UserStore {
  byId(id: number): Promise<User | undefined>;
  byName(name: string): Promise<User | undefined>;
  count(): Promise<number>;
  /** Every user, by name. */
  list(): Promise<User[]>;
  /** Active service admins. */
  activeAdminCount(): Promise<number>;
  create(name: string, isAdmin: boolean, now: number): Promise<User>;
  setPasswordHash(userId: number, hash: string | null): Promise<void>;
  /** Disables (a time) or enables (null) a user: a disabled user's keys stop working at once. */
  setDisabled(userId: number, disabledAt: number | null): Promise<void>;
  setAdmin(userId: number, isAdmin: boolean): Promise<void>;
  addKey(key: NewKey, now: number): Promise<void>;
  /** Unrevoked keys of active users whose prefix matches. */
  keyCandidates(prefix: string): Promise<KeyCandidate[]>;
  /** Every key (one user's when `userId` is given), oldest first. */
  listKeys(userId?: number): Promise<ApiKeyListing[]>;
  /** Revokes the unrevoked keys with this prefix (one user's when `userId` is given); returns how many. */
  revokeKeys(prefix: string, now: number, userId?: number): Promise<number>;
  /** Revokes every unrevoked key of a user (single sign-on ending their access); returns how many. */
  revokeUserKeys(userId: number, now: number): Promise<number>;
  /** Notes that a key was used (kept apart from the keys: not a change any cache holds). */
  noteKeyUse(keyId: number, now: number): Promise<void>;
  /** Registers what to drop when this store changes who may use which key (the authenticator's cache). */
  onCredentialsChange(listener: () => void): void;
}

interface UserRecord {
  id: number;
  name: string;
  is_admin: number;
  created_at: number;
  disabled_at: number | null;
  password_hash: string | null;
}

const toUser = (row: UserRecord): User => ({
  id: row.id,
  name: row.name,
  isAdmin: row.is_admin === 1,
  createdAt: row.created_at,
  disabledAt: row.disabled_at,
  passwordHash: row.password_hash,
});

/** A key listing as a row holds it (the flag as an integer). */
type KeyListingRow = Omit<ApiKeyListing, 'readOnly'> & { readOnly: number };

const KEY_LISTING = `SELECT k.prefix AS prefix, u.name AS userName, k.name AS name, k.read_only AS readOnly, k.created_at AS createdAt,
  k.revoked_at AS revokedAt, used.last_used_at AS lastUsedAt
  FROM api_keys k JOIN users u ON u.id = k.user_id LEFT JOIN api_key_uses used ON used.key_id = k.id`;

/** Creates the user store over a database. */
export function createUserStore(db: Sql): UserStore {
  const listeners: (() => void)[] = [];
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const byId = db.prepare<[number], UserRecord>('SELECT * FROM users WHERE id = ?');
  const byName = db.prepare<[string], UserRecord>('SELECT * FROM users WHERE name = ?');
  const all = db.prepare<[], UserRecord>('SELECT * FROM users ORDER BY name');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users');
  const admins = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users WHERE is_admin = 1 AND disabled_at IS NULL');
  const insert = db.prepare('INSERT INTO users (name, is_admin, created_at) VALUES (?, ?, ?) RETURNING id').pluck();
  const setPassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');
  const setDisabled = db.prepare('UPDATE users SET disabled_at = ? WHERE id = ?');
  const setAdmin = db.prepare('UPDATE users SET is_admin = ? WHERE id = ?');
  const addKey = db.prepare('INSERT INTO api_keys (user_id, prefix, hash, name, read_only, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const candidates = db.prepare<[string], KeyCandidate>(
    `SELECT k.id AS keyId, k.hash AS hash, u.id AS userId, u.name AS userName, u.is_admin AS isAdmin, k.read_only AS readOnly
     FROM api_keys k JOIN users u ON u.id = k.user_id
     WHERE k.prefix = ? AND k.revoked_at IS NULL AND u.disabled_at IS NULL`,
  );
  const list = db.prepare<[], KeyListingRow>(`${KEY_LISTING} ORDER BY k.created_at, k.id`);
  const listOfUser = db.prepare<[number], KeyListingRow>(`${KEY_LISTING} WHERE k.user_id = ? ORDER BY k.created_at, k.id`);
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE prefix = ? AND revoked_at IS NULL');
  const revokeAll = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL');
  const revokeOwn = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE prefix = ? AND user_id = ? AND revoked_at IS NULL');
  const noteUse = db.prepare(
    'INSERT INTO api_key_uses (key_id, last_used_at) VALUES (?, ?) ON CONFLICT (key_id) DO UPDATE SET last_used_at = excluded.last_used_at',
  );
  const listing = (row: KeyListingRow): ApiKeyListing => ({ ...row, readOnly: row.readOnly === 1 });
  return {
    byId: async (id) => {
      const row = await byId.get(id);
      return row && toUser(row);
    },
    byName: async (name) => {
      const row = await byName.get(name);
      return row && toUser(row);
    },
    count: async () => (await count.get())?.n ?? 0,
    list: async () => (await all.all()).map(toUser),
    activeAdminCount: async () => (await admins.get())?.n ?? 0,
    async create(name, isAdmin, now) {
      const id = Number(await insert.get(name, isAdmin ? 1 : 0, now));
      return { id, name, isAdmin, createdAt: now, disabledAt: null, passwordHash: null };
    },
    setPasswordHash: async (userId, hash) => {
      await setPassword.run(hash, userId);
    },
    async setDisabled(userId, disabledAt) {
      await setDisabled.run(disabledAt, userId);
      changed();
    },
    async setAdmin(userId, isAdmin) {
      await setAdmin.run(isAdmin ? 1 : 0, userId);
      changed();
    },
    addKey: async (key, now) => {
      await addKey.run(key.userId, key.prefix, key.hash, key.name ?? '', key.readOnly ? 1 : 0, now);
    },
    keyCandidates: (prefix) => candidates.all(prefix),
    listKeys: async (userId) => (await (userId === undefined ? list.all() : listOfUser.all(userId))).map(listing),
    async revokeKeys(prefix, now, userId) {
      const { changes } = userId === undefined ? await revoke.run(now, prefix) : await revokeOwn.run(now, prefix, userId);
      changed();
      return changes;
    },
    async revokeUserKeys(userId, now) {
      const { changes } = await revokeAll.run(now, userId);
      changed();
      return changes;
    },
    noteKeyUse: async (keyId, now) => {
      await noteUse.run(keyId, now);
    },
    onCredentialsChange: (listener) => void listeners.push(listener),
  };
}
