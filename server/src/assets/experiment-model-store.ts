import { randomUUID } from 'node:crypto';
import type { Sql } from '../database/sql.ts';

/** An experiment model: the named group of `type=model-element` assets of one experiment. */
export interface ExperimentModel {
  id: number;
  /** The `experimentModelId` the wire carries. */
  uuid: string;
  experimentId: number;
  experimentKey: string;
  workspaceId: number;
  name: string;
  createdAt: number;
}

/** Storage of experiment models. */
export interface ExperimentModelStore {
  byUuid(uuid: string): Promise<ExperimentModel | undefined>;
  /** The experiment's model of that name, if it has one. */
  byName(experimentId: number, name: string): Promise<ExperimentModel | undefined>;
  /** The experiment's model of that name, created if it does not exist yet. */
  ensure(experimentId: number, name: string, now: number): Promise<ExperimentModel>;
  listForExperiment(experimentId: number): Promise<ExperimentModel[]>;
}

interface ModelRecord {
  id: number;
  uuid: string;
  experiment_id: number;
  experiment_key: string;
  workspace_id: number;
  name: string;
  created_at: number;
}

const SELECT = `SELECT m.*, e.key AS experiment_key, e.workspace_id AS workspace_id
  FROM experiment_models m JOIN experiments e ON e.id = m.experiment_id`;

const toModel = (row: ModelRecord): ExperimentModel => ({
  id: row.id,
  uuid: row.uuid,
  experimentId: row.experiment_id,
  experimentKey: row.experiment_key,
  workspaceId: row.workspace_id,
  name: row.name,
  createdAt: row.created_at,
});

/** Creates the experiment model store over a database. */
export function createExperimentModelStore(db: Sql): ExperimentModelStore {
  const byUuid = db.prepare<[string], ModelRecord>(`${SELECT} WHERE m.uuid = ?`);
  const byName = db.prepare<[number, string], ModelRecord>(`${SELECT} WHERE m.experiment_id = ? AND m.name = ?`);
  const list = db.prepare<[number], ModelRecord>(`${SELECT} WHERE m.experiment_id = ? ORDER BY m.created_at, m.id`);
  const insert = db.prepare('INSERT INTO experiment_models (uuid, experiment_id, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
  return {
    byUuid: async (uuid) => {
      const row = await byUuid.get(uuid);
      return row && toModel(row);
    },
    byName: async (experimentId, name) => {
      const row = await byName.get(experimentId, name);
      return row && toModel(row);
    },
    async ensure(experimentId, name, now) {
      await insert.run(randomUUID(), experimentId, name, now);
      const row = await byName.get(experimentId, name);
      if (!row) throw new Error('experiment model row vanished');
      return toModel(row);
    },
    listForExperiment: async (experimentId) => (await list.all(experimentId)).map(toModel),
  };
}
