import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty } from './fields.ts';

/** E1 and the account/workspace reads. */
export const workspaceEndpoints = {
  createWorkspace: defineEndpoint({
    id: 'E1',
    summary: 'Create a workspace.',
    group: 'workspaces',
    method: 'POST',
    needs: 'write',
    path: 'write/workspace/new',
    body: z.object({ name: nonEmpty(100), plan: z.string().max(100).optional() }),
    reply: z.object({
      msg: z.literal('saved'),
      workspace_name: z.string(),
      workspace_id: z.string(),
      code: z.literal(200),
    }),
  }),
  accountDetails: defineEndpoint({
    id: 'read.accountDetails',
    summary: "The caller's user name and default workspace.",
    group: 'workspaces',
    method: 'GET',
    needs: 'read',
    path: 'account-details',
    reply: z.object({ userName: z.string(), defaultWorkspaceName: z.string() }),
  }),
  listWorkspaces: defineEndpoint({
    id: 'read.workspaces',
    summary: 'The workspaces the caller belongs to.',
    group: 'workspaces',
    method: 'GET',
    needs: 'read',
    path: 'workspaces',
    reply: z.object({ workspaceNames: z.array(z.string()) }),
  }),
};
