import { leastRoleFor, roleAllows, SdkError } from '../../../shared/api/index.ts';
import { ApiError, forbidden } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { Workspace, WorkspaceStore } from './workspace-store.ts';

/**
 * The one place the service enforces roles: every lookup of something in a workspace (the workspace itself, and
 * through it projects, experiments, models, webhooks) checks the caller's role there against what the endpoint
 * called needs (`caller.need`, its contract entry's `needs`). A service admin acts as an admin of every workspace they
 * belong to.
 */
export interface WorkspaceAccess {
  /** A workspace the caller belongs to in a role that allows what the endpoint needs: 404 (90219) when missing, 403 when not a member or the role falls short. */
  workspace(caller: Caller, name: string): Promise<Workspace>;
  /** 403 unless the caller belongs to the workspace in a role that allows what the endpoint needs. */
  requireMember(caller: Caller, workspaceId: number, workspaceName: string): Promise<void>;
  /**
   * Whether the caller may write in the workspace (member or admin there, with a key that may write): a read's side
   * effect (resuming a run, recording lineage, marking calls fetched) happens only when this holds (issue 41).
   */
  mayWrite(caller: Caller, workspaceId: number): Promise<boolean>;
}

/** Builds the workspace lookups over the workspace store (its cached roles). */
export function createWorkspaceAccess(workspaces: WorkspaceStore): WorkspaceAccess {
  const requireMember = async (caller: Caller, workspaceId: number, workspaceName: string) => {
    const role = await workspaces.roleOf(workspaceId, caller.userId);
    if (!role) throw forbidden(`User "${caller.userName}" is not a member of workspace "${workspaceName}".`);
    if (!roleAllows(caller.isServiceAdmin ? 'admin' : role, caller.need)) {
      const article = role === 'admin' ? 'an' : 'a';
      throw forbidden(`User "${caller.userName}" is ${article} ${role} of workspace "${workspaceName}": this needs the ${leastRoleFor(caller.need)} role.`);
    }
  };
  return {
    requireMember,
    async mayWrite(caller, workspaceId) {
      if (caller.readOnly) return false;
      const role = await workspaces.roleOf(workspaceId, caller.userId);
      return role !== undefined && roleAllows(caller.isServiceAdmin ? 'admin' : role, 'write');
    },
    async workspace(caller, name) {
      const found = await workspaces.byName(name);
      if (!found) throw new ApiError(404, SdkError.noSuchWorkspace, `No workspace named "${name}".`);
      await requireMember(caller, found.id, found.name);
      return found;
    },
  };
}
