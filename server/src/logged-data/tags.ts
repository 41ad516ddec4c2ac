import type { Sql } from '../database/sql.ts';

/** Storage of an experiment's tags. */
export interface LoggedTagStore {
  /** Adds tags; ones already there (or repeated) are kept once, in the order first added. */
  add(experimentId: number, tags: readonly string[]): Promise<void>;
  /** Removes tags (absent ones are ignored). */
  remove(experimentId: number, tags: readonly string[]): Promise<void>;
  list(experimentId: number): Promise<string[]>;
  /** The tags of every experiment listed in a project (home or symlinked, trashed ones included), by experiment key. */
  inProject(projectId: number): Promise<Record<string, string[]>>;
}

/** Creates the tag store over a database. */
export function createLoggedTagStore(db: Sql): LoggedTagStore {
  const insert = db.prepare('INSERT INTO experiment_tags (experiment_id, tag) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const removeOne = db.prepare('DELETE FROM experiment_tags WHERE experiment_id = ? AND tag = ?');
  const remove = (experimentId: number, tags: readonly string[]) => db.transaction(async () => {
    for (const tag of tags) await removeOne.run(experimentId, tag);
  });
  const list = db.prepare<[number], string>('SELECT tag FROM experiment_tags WHERE experiment_id = ? ORDER BY id').pluck();
  const add = (experimentId: number, tags: readonly string[]) => db.transaction(async () => {
    for (const tag of tags) await insert.run(experimentId, tag);
  });
  const inProject = db.prepare<[number, number], { key: string; tag: string }>(
    `SELECT e.key, t.tag FROM experiment_tags t JOIN experiments e ON e.id = t.experiment_id
     WHERE e.project_id = ? OR e.id IN (SELECT experiment_id FROM experiment_links WHERE project_id = ?) ORDER BY t.id`,
  );
  return {
    add: (experimentId, tags) => add(experimentId, tags),
    remove: (experimentId, tags) => remove(experimentId, tags),
    list: (experimentId) => list.all(experimentId),
    async inProject(projectId) {
      const byKey: Record<string, string[]> = {};
      for (const { key, tag } of await inProject.all(projectId, projectId)) (byKey[key] ??= []).push(tag);
      return byKey;
    },
  };
}
