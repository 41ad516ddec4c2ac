import type { Sql } from '../database/sql.ts';

/** A visualization instance's store as E52 saved it. */
export interface VizStore {
  instanceId: string;
  /** Row id of the project. */
  projectRowId: number;
  /** The `projectId` the wire carries. */
  projectUuid: string;
  store: string;
  lastUpdated: number;
}

/** Storage of visualization-instance stores: one whole store per instance, replaced on every save. */
export interface VizStoreStore {
  get(instanceId: string): Promise<VizStore | undefined>;
  save(instanceId: string, projectRowId: number, store: string, now: number): Promise<void>;
}

/** Creates the visualization store storage over a database. */
export function createVizStoreStore(db: Sql): VizStoreStore {
  const get = db.prepare<[string], VizStore>(
    `SELECT s.instance_id AS instanceId, s.project_id AS projectRowId, p.uuid AS projectUuid, s.store AS store, s.last_updated AS lastUpdated
     FROM viz_stores s JOIN projects p ON p.id = s.project_id WHERE s.instance_id = ?`,
  );
  const save = db.prepare(
    `INSERT INTO viz_stores (instance_id, project_id, store, last_updated) VALUES (?, ?, ?, ?)
     ON CONFLICT (instance_id) DO UPDATE SET project_id = excluded.project_id, store = excluded.store, last_updated = excluded.last_updated`,
  );
  return {
    get: (instanceId) => get.get(instanceId),
    save: async (instanceId, projectRowId, store, now) => {
      await save.run(instanceId, projectRowId, store, now);
    },
  };
}
