import type { Sql } from '../database/sql.ts';

/** The stored git patch of an experiment. */
export interface GitPatch {
  blob: string;
  fileSize: number;
  createdAt: number;
}

/** Storage of git patches: one per experiment, a new upload replaces the old (its blob is freed by trigger). */
export interface GitPatchStore {
  get(experimentId: number): Promise<GitPatch | undefined>;
  put(experimentId: number, patch: GitPatch): Promise<void>;
}

/** Creates the git patch store over a database. */
export function createGitPatchStore(db: Sql): GitPatchStore {
  const get = db.prepare<[number], GitPatch>(
    'SELECT blob, file_size AS fileSize, created_at AS createdAt FROM git_patches WHERE experiment_id = ?',
  );
  const put = db.prepare(
    `INSERT INTO git_patches (experiment_id, blob, file_size, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (experiment_id) DO UPDATE SET blob = excluded.blob, file_size = excluded.file_size, created_at = excluded.created_at`,
  );
  return {
    get: (experimentId) => get.get(experimentId),
    put: async (experimentId, patch) => {
      await put.run(experimentId, patch.blob, patch.fileSize, patch.createdAt);
    },
  };
}
