import type { AuditActor, AuditStore } from './audit-store.ts';
import type { User, UserStore } from './user-store.ts';
import type { WorkspaceStore } from './workspace-store.ts';

/** The name of the user the first start registers. */
export const ADMIN_USER = 'admin';

/**
 * Finds a user by name, or creates them (recorded in the audit trail as made by `by`, else by the service host) with a
 * default workspace named `workspaceName` (default: after them; suffixed if taken, as someone else's workspace of that
 * name is never theirs), of which they are the admin. Their default workspace is what `accountDetails` names.
 */
export async function ensureUser(
  stores: { users: UserStore; workspaces: WorkspaceStore; audit: AuditStore },
  name: string,
  isAdmin: boolean,
  now: number,
  by?: AuditActor,
  preferredWorkspaceName = name,
): Promise<User> {
  const existing = await stores.users.byName(name);
  if (existing) return existing;
  const user = await stores.users.create(name, isAdmin, now);
  let workspaceName = preferredWorkspaceName;
  for (let n = 2; await stores.workspaces.byName(workspaceName); n += 1) workspaceName = `${preferredWorkspaceName}-${n}`;
  const workspace = await stores.workspaces.create(workspaceName, null, user.id, now);
  await stores.workspaces.addMember(workspace.id, user.id, 'admin', now, true);
  await stores.audit.record(by, { workspaceId: null, action: 'user.created', target: name, after: { isServiceAdmin: isAdmin, workspaceName } }, now);
  return user;
}
