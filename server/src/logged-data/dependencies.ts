import type { Sql } from '../database/sql.ts';

/** One declared dependency of an experiment. */
export interface Dependency {
  name: string;
  version: string;
  /** Epoch milliseconds. */
  timestamp: number;
}

/** Storage of the dependencies experiments declare (PUT write/experiment/dependencies). */
export interface LoggedDependencyStore {
  /** Sets each dependency's version (a name declared again takes the new one). */
  put(experimentId: number, dependencies: readonly Dependency[]): Promise<void>;
  /** The experiment's dependencies by name. */
  list(experimentId: number): Promise<Dependency[]>;
}

/** Creates the dependency store over a database (migration 008). */
export function createLoggedDependencyStore(db: Sql): LoggedDependencyStore {
  const upsert = db.prepare(
    `INSERT INTO experiment_dependencies (experiment_id, name, version, timestamp) VALUES (?, ?, ?, ?)
     ON CONFLICT (experiment_id, name) DO UPDATE SET version = excluded.version, timestamp = excluded.timestamp`,
  );
  const list = db.prepare<[number], Dependency>('SELECT name, version, timestamp FROM experiment_dependencies WHERE experiment_id = ? ORDER BY name');
  const put = (experimentId: number, dependencies: readonly Dependency[]) => db.transaction(async () => {
    for (const dependency of dependencies) await upsert.run(experimentId, dependency.name, dependency.version, dependency.timestamp);
  });
  return {
    put: (experimentId, dependencies) => put(experimentId, dependencies),
    list: (experimentId) => list.all(experimentId),
  };
}
