import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sql } from '../../src/database/sql.ts';
import { openDatabase, type Db } from '../../src/database/database.ts';
import { sqliteSql } from '../../src/database/sql-sqlite.ts';
import { createExperimentStore, type ExperimentStore } from '../../src/experiments/experiment-store.ts';
import { createProjectStore } from '../../src/experiments/project-store.ts';
import { createUserStore } from '../../src/accounts/user-store.ts';
import { createWorkspaceStore } from '../../src/accounts/workspace-store.ts';

/** A real database in a temporary data dir with one user, workspace and project, for storage-level tests. */
export interface StorageFixture {
  db: Sql;
  /** The same SQLite connection without the Sql layer (pragmas, the checkpointer). */
  raw: Db;
  experiments: ExperimentStore;
  /** Creates an experiment and returns its row id. */
  newExperiment(): Promise<number>;
  close(): Promise<void>;
}

/** Creates a user, a workspace and a project in `db`; `newExperiment` creates an experiment there and answers its row id. */
export async function seedProject(db: Sql): Promise<{ experiments: ExperimentStore; newExperiment: () => Promise<number> }> {
  const user = await createUserStore(db).create('tester', true, 1);
  const workspace = await createWorkspaceStore(db).create('space', null, user.id, 1);
  const project = await createProjectStore(db).create({ workspaceId: workspace.id, name: 'proj', description: '', isPublic: false, ownerUserId: user.id }, 1);
  const experiments = createExperimentStore(db);
  return { experiments, newExperiment: async () => (await experiments.create({ workspaceId: workspace.id, projectId: project.id, name: null, userId: user.id }, 1)).id };
}

/** Opens a fresh database (all migrations applied) with a workspace and project to put experiments in. */
export async function openStorageFixture(): Promise<StorageFixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-logging-'));
  const raw = openDatabase(dataDir);
  const db = sqliteSql(raw);
  const { experiments, newExperiment } = await seedProject(db);
  return {
    db,
    raw,
    experiments,
    newExperiment,
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
