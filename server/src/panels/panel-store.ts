import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** A panel (template) zip uploaded to a workspace by E53. */
export interface Panel {
  id: number;
  /** The `templateId` the wire carries. */
  uuid: string;
  workspaceId: number;
  fileName: string;
  fileSize: number;
  blob: string;
  createdAt: number;
  lastUpdated: number;
}

/** Storage of panels; replacing one frees its old blob (by trigger). */
export interface PanelStore {
  byUuid(uuid: string): Promise<Panel | undefined>;
  list(workspaceId: number): Promise<Panel[]>;
  create(workspaceId: number, file: { fileName: string; fileSize: number; blob: string }, now: number): Promise<Panel>;
  replace(id: number, file: { fileName: string; fileSize: number; blob: string }, now: number): Promise<void>;
}

interface PanelRecord {
  id: number;
  uuid: string;
  workspace_id: number;
  file_name: string;
  file_size: number;
  blob: string;
  created_at: number;
  last_updated: number;
}

const toPanel = (row: PanelRecord): Panel => ({
  id: row.id,
  uuid: row.uuid,
  workspaceId: row.workspace_id,
  fileName: row.file_name,
  fileSize: row.file_size,
  blob: row.blob,
  createdAt: row.created_at,
  lastUpdated: row.last_updated,
});

/** Creates the panel store over a database. */
export function createPanelStore(db: Sql): PanelStore {
  const byUuid = db.prepare<[string], PanelRecord>('SELECT * FROM panels WHERE uuid = ?');
  const list = db.prepare<[number], PanelRecord>('SELECT * FROM panels WHERE workspace_id = ? ORDER BY created_at, id');
  const insert = db.prepare(
    'INSERT INTO panels (uuid, workspace_id, file_name, file_size, blob, created_at, last_updated) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
  ).pluck();
  const replace = db.prepare('UPDATE panels SET file_name = ?, file_size = ?, blob = ?, last_updated = ? WHERE id = ?');
  return {
    byUuid: async (uuid) => {
      const row = await byUuid.get(uuid);
      return row && toPanel(row);
    },
    list: async (workspaceId) => (await list.all(workspaceId)).map(toPanel),
    async create(workspaceId, file, now) {
      const uuid = randomUUID();
      const id = Number(await insert.get(uuid, workspaceId, file.fileName, file.fileSize, file.blob, now, now));
      return { id, uuid, workspaceId, ...file, createdAt: now, lastUpdated: now };
    },
    replace: async (id, file, now) => {
      await replace.run(file.fileName, file.fileSize, file.blob, now, id);
    },
  };
}
