import { createUserStore } from '../server/src/accounts/user-store.ts';
import { createWorkspaceStore } from '../server/src/accounts/workspace-store.ts';
import type { Sql } from '../server/src/database/sql.ts';
import { createProjectStore } from '../server/src/experiments/project-store.ts';

/** The admin workspace and user of a bench service's database (made by `seedProjects` first), and a way to add a project to it. */
export async function benchAdmin(db: Sql) {
  const workspace = await createWorkspaceStore(db).byName('admin');
  const admin = await createUserStore(db).byName('admin');
  if (!workspace || !admin) throw new Error('seed the admin workspace first');
  const projects = createProjectStore(db);
  const newProject = (name: string, now: number) => projects.create({ workspaceId: workspace.id, name, description: '', isPublic: false, ownerUserId: admin.id }, now);
  return { workspace, admin, newProject };
}
