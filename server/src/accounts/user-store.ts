import type { Sql } from '../database/sql.ts';

/** A user of the service. */
export interface User {
  id: number;
  name: string;
  isAdmin: boolean;
  createdAt: number;
}

/** An API key as listed (never the key itself: only its prefix). */
export interface ApiKeyListing {
  prefix: string;
  userName: string;
  createdAt: number;
  revokedAt: number | null;
}

/** A live key that starts with a given prefix, for constant-time comparison of its hash. */
export interface KeyCandidate {
  hash: Buffer;
  userId: number;
  userName: string;
  /** 1 for a service admin. */
  isAdmin: number;
}

/** Storage of users and their hashed API keys. */
export interface UserStore {
  byId(id: number): Promise<User | undefined>;
  byName(name: string): Promise<User | undefined>;
  count(): Promise<number>;
  create(name: string, isAdmin: boolean, now: number): Promise<User>;
  addKey(userId: number, prefix: string, hash: Buffer, now: number): Promise<void>;
  /** Unrevoked keys whose prefix matches. */
  keyCandidates(prefix: string): Promise<KeyCandidate[]>;
  listKeys(): Promise<ApiKeyListing[]>;
  /** Revokes the unrevoked keys with this prefix; returns how many. */
  revokeKeys(prefix: string, now: number): Promise<number>;
}

interface UserRecord {
  id: number;
  name: string;
  is_admin: number;
  created_at: number;
}

const toUser = (row: UserRecord | undefined): User | undefined =>
  row && { id: row.id, name: row.name, isAdmin: row.is_admin === 1, createdAt: row.created_at };

/** Creates the user store over a database. */
export function createUserStore(db: Sql): UserStore {
  const byId = db.prepare<[number], UserRecord>('SELECT * FROM users WHERE id = ?');
  const byName = db.prepare<[string], UserRecord>('SELECT * FROM users WHERE name = ?');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM users');
  const insert = db.prepare('INSERT INTO users (name, is_admin, created_at) VALUES (?, ?, ?) RETURNING id').pluck();
  const addKey = db.prepare('INSERT INTO api_keys (user_id, prefix, hash, created_at) VALUES (?, ?, ?, ?)');
  const candidates = db.prepare<[string], KeyCandidate>(
    `SELECT k.hash AS hash, u.id AS userId, u.name AS userName, u.is_admin AS isAdmin FROM api_keys k JOIN users u ON u.id = k.user_id
     WHERE k.prefix = ? AND k.revoked_at IS NULL`,
  );
  const list = db.prepare<[], ApiKeyListing>(
    `SELECT k.prefix AS prefix, u.name AS userName, k.created_at AS createdAt, k.revoked_at AS revokedAt
     FROM api_keys k JOIN users u ON u.id = k.user_id ORDER BY k.created_at, k.id`,
  );
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE prefix = ? AND revoked_at IS NULL');
  return {
    byId: async (id) => toUser(await byId.get(id)),
    byName: async (name) => toUser(await byName.get(name)),
    count: async () => (await count.get())?.n ?? 0,
    async create(name, isAdmin, now) {
      const id = Number(await insert.get(name, isAdmin ? 1 : 0, now));
      return { id, name, isAdmin, createdAt: now };
    },
    addKey: async (userId, prefix, hash, now) => {
      await addKey.run(userId, prefix, hash, now);
    },
    keyCandidates: (prefix) => candidates.all(prefix),
    listKeys: () => list.all(),
    revokeKeys: async (prefix, now) => (await revoke.run(now, prefix)).changes,
  };
}
