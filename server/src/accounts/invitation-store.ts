import type { WorkspaceRole } from '../../../shared/api/index.ts';
import type { Sql } from '../database/sql.ts';

/** An invitation to a workspace (its token is never stored: only its hash). */
export interface Invitation {
  id: number;
  uuid: string;
  workspaceId: number;
  workspaceName: string;
  role: WorkspaceRole;
  createdBy: string | null;
  createdAt: number;
  expiresAt: number;
  usedBy: string | null;
  usedAt: number | null;
  revokedAt: number | null;
}

/** What a new invitation is. */
export interface NewInvitation {
  uuid: string;
  tokenHash: Buffer;
  workspaceId: number;
  role: WorkspaceRole;
  createdBy: number;
  expiresAt: number;
}

/** Storage of invitations: made by admins, used once by whoever holds the token. */
export interface InvitationStore {
  create(invitation: NewInvitation, now: number): Promise<void>;
  /** A workspace's invitations, newest first. */
  list(workspaceId: number): Promise<Invitation[]>;
  byUuid(workspaceId: number, uuid: string): Promise<Invitation | undefined>;
  byTokenHash(tokenHash: Buffer): Promise<Invitation | undefined>;
  /** Uses an open invitation up for `userId`; false when it was used, revoked or expired meanwhile. */
  use(id: number, userId: number, now: number): Promise<boolean>;
  /** Revokes an invitation that is still open; false when it is not. */
  revoke(id: number, now: number): Promise<boolean>;
}

const SELECT = `SELECT i.id AS id, i.uuid AS uuid, i.workspace_id AS workspaceId, w.name AS workspaceName, i.role AS role,
  maker.name AS createdBy, i.created_at AS createdAt, i.expires_at AS expiresAt, joiner.name AS usedBy, i.used_at AS usedAt,
  i.revoked_at AS revokedAt
  FROM invitations i JOIN workspaces w ON w.id = i.workspace_id
  LEFT JOIN users maker ON maker.id = i.created_by LEFT JOIN users joiner ON joiner.id = i.used_by`;

/** Creates the invitation store over a database. */
export function createInvitationStore(db: Sql): InvitationStore {
  const insert = db.prepare(
    'INSERT INTO invitations (uuid, token_hash, workspace_id, role, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const list = db.prepare<[number], Invitation>(`${SELECT} WHERE i.workspace_id = ? ORDER BY i.created_at DESC, i.id DESC`);
  const byUuid = db.prepare<[number, string], Invitation>(`${SELECT} WHERE i.workspace_id = ? AND i.uuid = ?`);
  const byToken = db.prepare<[Buffer], Invitation>(`${SELECT} WHERE i.token_hash = ?`);
  const use = db.prepare('UPDATE invitations SET used_by = ?, used_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?');
  const revoke = db.prepare('UPDATE invitations SET revoked_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL');
  return {
    async create(invitation, now) {
      const { uuid, tokenHash, workspaceId, role, createdBy, expiresAt } = invitation;
      await insert.run(uuid, tokenHash, workspaceId, role, createdBy, now, expiresAt);
    },
    list: (workspaceId) => list.all(workspaceId),
    byUuid: (workspaceId, uuid) => byUuid.get(workspaceId, uuid),
    byTokenHash: (tokenHash) => byToken.get(tokenHash),
    use: async (id, userId, now) => (await use.run(userId, now, id, now)).changes === 1,
    revoke: async (id, now) => (await revoke.run(now, id)).changes === 1,
  };
}
