import type { Sql } from '../database/sql.ts';

/** The allowed status values of a workspace that never set its own (the first is what new versions get). */
export const DEFAULT_STATUS_VALUES: readonly string[] = ['None', 'Development', 'Staging', 'Production'];

/** Each workspace's allowed registry status values, in order. */
export interface RegistryStatusStore {
  /** The workspace's values: its own list, else the default one. */
  allowed(workspaceId: number): Promise<string[]>;
  /** Replaces the workspace's list. */
  replace(workspaceId: number, values: readonly string[]): Promise<void>;
}

/** Creates the status value store over a database. */
export function createRegistryStatusStore(db: Sql): RegistryStatusStore {
  const list = db.prepare<[number], string>('SELECT value FROM registry_status_values WHERE workspace_id = ? ORDER BY position').pluck();
  const clear = db.prepare('DELETE FROM registry_status_values WHERE workspace_id = ?');
  const insert = db.prepare('INSERT INTO registry_status_values (workspace_id, position, value) VALUES (?, ?, ?)');
  return {
    async allowed(workspaceId) {
      const own = await list.all(workspaceId);
      return own.length > 0 ? own : [...DEFAULT_STATUS_VALUES];
    },
    replace: (workspaceId: number, values: readonly string[]) => db.transaction(async () => {
      await clear.run(workspaceId);
      for (const [position, value] of values.entries()) await insert.run(workspaceId, position, value);
    }),
  };
}
