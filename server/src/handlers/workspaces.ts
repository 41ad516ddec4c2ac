import { SdkError } from '../../../shared/api/index.ts';
import { ApiError } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';

/** Handlers of E1 and the account/workspace reads. */
export function createWorkspaceHandlers(services: Services): HandlerTable {
  const { workspaces } = services;
  return {
    createWorkspace: ({ body, caller }) =>
      services.sql.transaction(async () => {
        if (workspaces.byName(body.name)) throw new ApiError(409, SdkError.conflict, `A workspace named "${body.name}" already exists.`);
        const workspace = workspaces.create(body.name, body.plan ?? null, caller.userId, services.now());
        workspaces.addMember(workspace.id, caller.userId);
        return { msg: 'saved' as const, workspace_name: workspace.name, workspace_id: workspace.uuid, code: 200 as const };
      }),
    accountDetails: ({ caller }) => ({
      userName: caller.userName,
      defaultWorkspaceName: workspaces.defaultForUser(caller.userId)?.name ?? '',
    }),
    listWorkspaces: ({ caller }) => ({ workspaceNames: workspaces.namesForUser(caller.userId) }),
  };
}
