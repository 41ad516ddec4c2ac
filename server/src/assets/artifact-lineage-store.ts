import type { Sql } from '../database/sql.ts';

/** An artifact version an experiment produced or fetched. */
export interface LineageItem {
  artifactId: string;
  artifactName: string;
  artifactType: string;
  artifactVersionId: string;
  version: string;
  direction: 'input' | 'output';
}

/** Which experiments produced (E50) and consumed (artifacts/version) which artifact versions. */
export interface ArtifactLineageStore {
  /** Records that an experiment fetched a version (once; later fetches change nothing). */
  recordConsumer(versionId: number, experimentId: number, now: number): Promise<void>;
  /** The versions the experiment produced (by its key) and consumed (by its row id), outputs first, each in creation order. */
  lineage(experimentKey: string, experimentId: number): Promise<LineageItem[]>;
  /** The experiments (row ids) that consumed a version, in the order they first fetched it. */
  consumers(versionId: number): Promise<Array<{ experimentId: number; consumedAt: number }>>;
}

const COLUMNS = `a.uuid AS artifactId, a.name AS artifactName, a.artifact_type AS artifactType, v.uuid AS artifactVersionId, v.version`;

/** Creates the lineage store over a database (migration 008). */
export function createArtifactLineageStore(db: Sql): ArtifactLineageStore {
  const insert = db.prepare('INSERT INTO artifact_consumers (version_id, experiment_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const lineage = db.prepare<[string, number], LineageItem>(
    `SELECT * FROM (
       SELECT ${COLUMNS}, 'output' AS direction, v.created_at AS at, v.id AS seq FROM artifact_versions v JOIN artifacts a ON a.id = v.artifact_id
       WHERE v.experiment_key = ?
       UNION ALL
       SELECT ${COLUMNS}, 'input' AS direction, c.created_at AS at, v.id AS seq FROM artifact_consumers c
       JOIN artifact_versions v ON v.id = c.version_id JOIN artifacts a ON a.id = v.artifact_id
       WHERE c.experiment_id = ?
     ) lineage ORDER BY direction DESC, at, seq`,
  );
  const consumers = db.prepare<[number], { experimentId: number; consumedAt: number }>(
    'SELECT experiment_id AS "experimentId", created_at AS "consumedAt" FROM artifact_consumers WHERE version_id = ? ORDER BY created_at, experiment_id',
  );
  return {
    consumers: async (versionId) => (await consumers.all(versionId)).map(({ experimentId, consumedAt }) => ({ experimentId: Number(experimentId), consumedAt: Number(consumedAt) })),
    recordConsumer: async (versionId, experimentId, now) => {
      await insert.run(versionId, experimentId, now);
    },
    lineage: async (experimentKey, experimentId) =>
      (await lineage.all(experimentKey, experimentId)).map(({ artifactId, artifactName, artifactType, artifactVersionId, version, direction }) => ({
        artifactId,
        artifactName,
        artifactType,
        artifactVersionId,
        version,
        direction,
      })),
  };
}
