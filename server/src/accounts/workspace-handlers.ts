import { SdkError } from '../../../shared/api/index.ts';
import { ApiError } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { AccountServices } from './services.ts';

/** Handlers of E1 (a workspace created is audited in its transaction) and the account/workspace reads. */
export function createWorkspaceHandlers(services: AccountServices): HandlerTable {
  const { audit, workspaces } = services;
  return {
    createWorkspace: ({ body, caller }) =>
      services.sql.transaction(async () => {
        if (await workspaces.byName(body.name)) throw new ApiError(409, SdkError.conflict, `A workspace named "${body.name}" already exists.`);
        const now = services.now();
        const workspace = await workspaces.create(body.name, body.plan ?? null, caller.userId, now);
        await workspaces.addMember(workspace.id, caller.userId, 'admin', now);
        await audit.record(caller, { workspaceId: workspace.id, action: 'workspace.created', target: workspace.name, after: { plan: workspace.plan } }, now);
        return { msg: 'saved' as const, workspace_name: workspace.name, workspace_id: workspace.uuid, code: 200 as const };
      }),
    accountDetails: async ({ caller }) => ({
      userName: caller.userName,
      defaultWorkspaceName: (await workspaces.defaultForUser(caller.userId))?.name ?? '',
    }),
    listWorkspaces: async ({ caller }) => ({ workspaceNames: await workspaces.namesForUser(caller.userId) }),
  };
}
