import { z } from 'zod';
import { defineEndpoint, type AccessNeed, type Endpoint } from './define.ts';
import { nonEmpty } from './fields.ts';

/** The roles a member has in a workspace: admins also manage members, webhooks and approval policies; viewers only read. */
export const workspaceRole = z.enum(['admin', 'member', 'viewer']);
/** A workspace role. */
export type WorkspaceRole = z.infer<typeof workspaceRole>;

const ROLE_RANK: Record<WorkspaceRole, number> = { viewer: 0, member: 1, admin: 2 };
const NEEDED_RANK: Record<AccessNeed, number> = { none: 0, read: 0, write: 1, 'workspace-admin': 2, 'service-admin': 3 };

/** Whether a workspace role may call an endpoint that needs `need` (a service-admin need is the user's, never a role's). */
export const roleAllows = (role: WorkspaceRole, need: AccessNeed): boolean => ROLE_RANK[role] >= NEEDED_RANK[need];

/** Whether a read-only key may call an endpoint: only what reads (never what changes, not even the caller's own standing). */
export const readOnlyKeyMay = (endpoint: Pick<Endpoint, 'needs' | 'changesOwnAccount'>): boolean =>
  endpoint.needs === 'none' || (endpoint.needs === 'read' && !endpoint.changesOwnAccount);

/** The least workspace role an endpoint's need asks for. */
export const leastRoleFor = (need: AccessNeed): WorkspaceRole => (need === 'write' ? 'member' : need === 'none' || need === 'read' ? 'viewer' : 'admin');

/** One member of a workspace as the members reads send it. */
export const memberRecord = z.object({ userName: z.string(), role: workspaceRole, joinedAt: z.number().int() });

const workspaceQuery = z.object({ workspaceName: nonEmpty(100) });
const memberBody = z.object({ workspaceName: nonEmpty(100), userName: nonEmpty(200) });
const membersReply = z.object({ workspaceName: z.string(), members: z.array(memberRecord) });
const group = 'members';

/** Members and roles of a workspace (issue 29): everyone reads them, workspace admins change them, anybody may leave. */
export const memberEndpoints = {
  listWorkspaceMembers: defineEndpoint({
    id: 'ext.members',
    summary: "A workspace's members with their roles.",
    group,
    method: 'GET',
    needs: 'read',
    path: 'ext/workspace/members',
    query: workspaceQuery,
    reply: membersReply,
  }),
  addWorkspaceMember: defineEndpoint({
    id: 'ext.memberAdd',
    summary: 'Add an existing user to a workspace with a role (workspace admins).',
    group,
    method: 'POST',
    needs: 'workspace-admin',
    path: 'ext/workspace/members/add',
    body: memberBody.extend({ role: workspaceRole }),
    reply: membersReply,
  }),
  setWorkspaceMemberRole: defineEndpoint({
    id: 'ext.memberRole',
    summary: "Change a member's role (workspace admins); the last admin cannot be demoted.",
    group,
    method: 'POST',
    needs: 'workspace-admin',
    path: 'ext/workspace/members/role',
    body: memberBody.extend({ role: workspaceRole }),
    reply: membersReply,
  }),
  removeWorkspaceMember: defineEndpoint({
    id: 'ext.memberRemove',
    summary: 'Remove a member from a workspace (workspace admins); the last admin cannot be removed.',
    group,
    method: 'POST',
    needs: 'workspace-admin',
    path: 'ext/workspace/members/remove',
    body: memberBody,
    reply: membersReply,
  }),
  leaveWorkspace: defineEndpoint({
    id: 'ext.memberLeave',
    summary: 'Leave a workspace (any member; not its last admin).',
    group,
    method: 'POST',
    needs: 'read',
    changesOwnAccount: true,
    path: 'ext/workspace/leave',
    body: workspaceQuery,
    reply: z.object({ workspaceName: z.string(), left: z.literal(true) }),
  }),
};
