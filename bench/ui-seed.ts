import { ADMIN_USER, ensureUser } from '../server/src/accounts/ensure-user.ts';
import { createAuditStore } from '../server/src/accounts/audit-store.ts';
import { openSqlite } from '../server/src/database/sql-sqlite.ts';
import { createExperimentStore } from '../server/src/experiments/experiment-store.ts';
import { createLoggedTagStore } from '../server/src/logged-data/tags.ts';
import { createProjectStore } from '../server/src/experiments/project-store.ts';
import { createUserStore } from '../server/src/accounts/user-store.ts';
import { mapInOrder } from '../server/src/database/in-order.ts';
import { createWorkspaceStore } from '../server/src/accounts/workspace-store.ts';

/** A seeded project: its id (what the app's route carries) and how many experiments it holds. */
export interface SeededProject {
  projectId: string;
  projectName: string;
  experiments: number;
}

const TAGS = ['baseline', 'gpu', 'sweep', 'best', 'ablation'];

/**
 * Seeds the embedded service's database before it starts, straight through the server's storage modules
 * (100,000 experiments over HTTP would take minutes): the admin user and workspace, and one project per count,
 * with experiments named `exp-<n>` started a second apart, one in ten tagged. Answers the projects in order.
 */
export async function seedProjects(serviceDataDir: string, counts: readonly number[]): Promise<SeededProject[]> {
  const db = openSqlite(serviceDataDir);
  try {
    const now = Date.now();
    const stores = { users: createUserStore(db), workspaces: createWorkspaceStore(db), audit: createAuditStore(db) };
    const projects = createProjectStore(db);
    const experiments = createExperimentStore(db);
    const tags = createLoggedTagStore(db);
    return await db.transaction(async () => {
      const admin = await ensureUser(stores, ADMIN_USER, true, now);
      const workspace = await stores.workspaces.byName(ADMIN_USER);
      if (!workspace) throw new Error('the admin workspace was not created');
      return mapInOrder(counts, async (count) => {
        const projectName = `bench-${count}`;
        const project = await projects.create({ workspaceId: workspace.id, name: projectName, description: '', isPublic: false, ownerUserId: admin.id }, now);
        const firstStart = now - count * 1000 - 60_000;
        for (let n = 0; n < count; n += 1) {
          const experiment = await experiments.create({ workspaceId: workspace.id, projectId: project.id, name: `exp-${n}`, userId: admin.id }, firstStart + n * 1000);
          if (n % 10 === 0) await tags.add(experiment.id, [TAGS[(n / 10) % TAGS.length] ?? 'baseline']);
        }
        return { projectId: project.uuid, projectName, experiments: count };
      });
    });
  } finally {
    await db.close();
  }
}
