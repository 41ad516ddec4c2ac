import type { RegistryActionType } from '../../../shared/api/registry-items.ts';
import type { Sql } from '../database/sql.ts';

/** A JSON object a history entry shows as the value before or after a change. */
export type HistoryValue = Record<string, unknown>;

/** One recorded change to a registry version. */
export interface RegistryHistoryEntry {
  id: number;
  workspaceId: number;
  registryModelUuid: string;
  registryModelName: string;
  itemUuid: string;
  version: string;
  action: RegistryActionType;
  previousValue: HistoryValue | null;
  newValue: HistoryValue | null;
  comment: string;
  userName: string;
  createdAt: number;
}

/** What a new history entry is made of. */
export type NewRegistryHistoryEntry = Omit<RegistryHistoryEntry, 'id'>;

/** The registry history: appended by the version store in the transaction of each change, read per version. */
export interface RegistryHistoryStore {
  record(entry: NewRegistryHistoryEntry): Promise<void>;
  /** A version's entries, newest first (also after the version was deleted). */
  ofItem(itemUuid: string): Promise<RegistryHistoryEntry[]>;
}

interface HistoryRow {
  id: number;
  workspace_id: number;
  registry_model_uuid: string;
  registry_model_name: string;
  item_uuid: string;
  version: string;
  action: RegistryActionType;
  previous_value: string | null;
  new_value: string | null;
  comment: string;
  user_name: string;
  created_at: number;
}

const parseValue = (text: string | null): HistoryValue | null => (text === null ? null : (JSON.parse(text) as HistoryValue));

const toEntry = (row: HistoryRow): RegistryHistoryEntry => ({
  id: row.id,
  workspaceId: row.workspace_id,
  registryModelUuid: row.registry_model_uuid,
  registryModelName: row.registry_model_name,
  itemUuid: row.item_uuid,
  version: row.version,
  action: row.action,
  previousValue: parseValue(row.previous_value),
  newValue: parseValue(row.new_value),
  comment: row.comment,
  userName: row.user_name,
  createdAt: row.created_at,
});

/** Creates the registry history store over a database. */
export function createRegistryHistoryStore(db: Sql): RegistryHistoryStore {
  const insert = db.prepare(
    `INSERT INTO registry_history (workspace_id, registry_model_uuid, registry_model_name, item_uuid, version, action,
     previous_value, new_value, comment, user_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const ofItem = db.prepare<[string], HistoryRow>('SELECT * FROM registry_history WHERE item_uuid = ? ORDER BY id DESC');
  return {
    async record(entry) {
      await insert.run(
        entry.workspaceId,
        entry.registryModelUuid,
        entry.registryModelName,
        entry.itemUuid,
        entry.version,
        entry.action,
        entry.previousValue === null ? null : JSON.stringify(entry.previousValue),
        entry.newValue === null ? null : JSON.stringify(entry.newValue),
        entry.comment,
        entry.userName,
        entry.createdAt,
      );
    },
    ofItem: async (itemUuid) => (await ofItem.all(itemUuid)).map(toEntry),
  };
}
