import { openSql, type StorageLocation } from '../../src/database/open-storage.ts';
import { createExperimentStore } from '../../src/experiments/experiment-store.ts';
import { createLoggedTagStore } from '../../src/logged-data/tags.ts';
import { loggedPoint } from '../../src/logged-data/summary.ts';
import { createLoggedValueStore } from '../../src/logged-data/values.ts';
import { createProjectStore } from '../../src/experiments/project-store.ts';
import { createUserStore } from '../../src/accounts/user-store.ts';
import { createWorkspaceStore } from '../../src/accounts/workspace-store.ts';

/** What the n-th seeded experiment logged: every value follows from n, so tests can compute expected answers. */
export interface SeededValues {
  n: number;
  key: string;
  acc: number;
  lr: string;
  optimizer: string;
  group: string;
  tagged: boolean;
  archived: boolean;
}

/** The values of the n-th experiment (its key is filled in by the seeding). */
export function valuesOf(n: number): Omit<SeededValues, 'key'> {
  return {
    n,
    acc: (n % 1000) / 1000,
    lr: ['0.1', '0.01', '0.001'][n % 3] ?? '0.1',
    optimizer: n % 2 === 1 ? 'adam' : 'sgd',
    group: `g${n % 7}`,
    tagged: n % 10 === 0,
    archived: n % 50 === 0,
  };
}

/** Experiments per write transaction while seeding. */
const BATCH = { sqlite: 5_000, postgres: 1_000 };

/**
 * Seeds `count` experiments into a new project of the admin workspace of a service's storage (SQLite in its data
 * dir, or its PostgreSQL database; the service may be running), straight through the storage modules: per
 * experiment one `acc` metric value, params `lr` and `optimizer`, an other `group`, tag `best` on every tenth, every fiftieth archived; created one second apart.
 * Answers the project's id and the experiments in creation order.
 */
export async function seedSearchScale(location: StorageLocation, projectName: string, count: number): Promise<{ projectId: string; experiments: SeededValues[] }> {
  const db = await openSql(location);
  try {
    const admin = await createUserStore(db).byName('admin');
    const workspace = await createWorkspaceStore(db).byName('admin');
    if (!admin || !workspace) throw new Error("seed a service's storage after the service created its admin");
    const project = await createProjectStore(db).create({ workspaceId: workspace.id, name: projectName, description: '', isPublic: false, ownerUserId: admin.id }, 1);
    const experiments = createExperimentStore(db);
    const values = createLoggedValueStore(db);
    const tags = createLoggedTagStore(db);
    const seeded: SeededValues[] = [];
    const firstCreated = Date.UTC(2024, 0, 1);
    // A PostgreSQL transaction may be re-run (serialisation failure): it answers its experiments rather than recording them.
    const insert = (from: number, to: number) => db.transaction(async () => {
      const batch: SeededValues[] = [];
      for (let n = from; n < to; n += 1) {
        const wanted = valuesOf(n);
        const created = firstCreated + n * 1000;
        const experiment = await experiments.create({ workspaceId: workspace.id, projectId: project.id, name: `exp-${n}`, userId: admin.id }, created);
        await values.appendMetrics(experiment.id, [{ name: 'acc', value: wanted.acc, timestamp: created, step: 0, epoch: null, context: null }], Infinity);
        await values.logValue(experiment.id, 'parameter', 'lr', loggedPoint(wanted.lr, created, null, null));
        await values.logValue(experiment.id, 'parameter', 'optimizer', loggedPoint(wanted.optimizer, created, null, null));
        await values.logValue(experiment.id, 'other', 'group', loggedPoint(wanted.group, created, null, null));
        if (wanted.tagged) await tags.add(experiment.id, ['best']);
        if (wanted.archived) await experiments.setArchived(experiment.id, true);
        batch.push({ ...wanted, key: experiment.key });
      }
      return batch;
    });
    for (let from = 0; from < count; from += BATCH[db.dialect]) {
      seeded.push(...(await insert(from, Math.min(count, from + BATCH[db.dialect]))));
      // Statistics for the planner as the tables grow: without them PostgreSQL's generic plan for the stores' lookup
      // of a summary by (experiment, kind, name) scans the (kind, name) index, and seeding turns quadratic.
      if (db.dialect === 'postgres') await db.exec('ANALYZE experiments, logged_items, experiment_tags');
    }
    return { projectId: project.uuid, experiments: seeded };
  } finally {
    await db.close();
  }
}
