import type { Sql } from '../database/sql.ts';
import type { AuditStore } from './audit-store.ts';
import { ADMIN_USER } from './ensure-user.ts';
import type { UserStore } from './user-store.ts';
import type { WorkspaceStore } from './workspace-store.ts';

/** The local workspace's name when the person's cannot be had (no user name, or one too long for a workspace). */
export const LOCAL_WORKSPACE_FALLBACK = 'Local';
/** Longest workspace name the API takes (E1). */
const MAX_WORKSPACE_NAME = 100;

/** The name the local service's workspace takes: the person's (their operating-system user name), else "Local". */
export function localWorkspaceName(osUserName: string | undefined): string {
  const name = osUserName?.trim() ?? '';
  return name && name.length <= MAX_WORKSPACE_NAME ? name : LOCAL_WORKSPACE_FALLBACK;
}

/**
 * Names the local service's workspace for its person: the admin's default workspace, when still called "admin" (as
 * every data folder's was until now, and a new one's is at its bootstrap), takes `name` unless another workspace has it.
 * "admin" keeps naming it, so scripts and saved configs that say `workspace=admin` keep working. Audited in the same
 * transaction; nothing happens on later starts.
 */
export async function nameLocalWorkspace(
  services: { sql: Sql; users: UserStore; workspaces: WorkspaceStore; audit: AuditStore },
  name: string,
  now: number,
): Promise<void> {
  if (name === ADMIN_USER) return;
  await services.sql.transaction(async () => {
    const admin = await services.users.byName(ADMIN_USER);
    const workspace = admin && (await services.workspaces.defaultForUser(admin.id));
    if (!workspace || workspace.name !== ADMIN_USER || (await services.workspaces.byName(name))) return;
    await services.workspaces.rename(workspace, name);
    await services.audit.record(undefined, { workspaceId: workspace.id, action: 'workspace.renamed', target: name, before: { name: workspace.name }, after: { name } }, now);
  });
}
