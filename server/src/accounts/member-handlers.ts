import { SdkError, type WorkspaceRole } from '../../../shared/api/index.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { AccountServices } from './services.ts';
import type { Member, Workspace } from './workspace-store.ts';

/** 409 for a change that would leave a workspace without an admin. */
const lastAdmin = (workspace: Workspace, action: string) =>
  new ApiError(409, SdkError.conflict, `Cannot ${action}: they are the last admin of workspace "${workspace.name}". Make another member an admin first.`);

/** Handlers of a workspace's members (ext.members…): admins add, change and remove members; anybody may leave; each change is audited. */
export function createMemberHandlers(services: AccountServices): HandlerTable {
  const { access, audit, users, workspaces } = services;
  const transaction = <T>(work: () => Promise<T>): Promise<T> => services.sql.transaction(work);
  const listOf = async (workspace: Workspace) => ({
    workspaceName: workspace.name,
    members: (await workspaces.members(workspace.id)).map(({ userName, role, joinedAt }) => ({ userName, role, joinedAt })),
  });
  /** The member named `userName`: 404 when no such user or not a member. */
  const memberNamed = async (workspace: Workspace, userName: string): Promise<Member> => {
    const member = (await workspaces.members(workspace.id)).find((each) => each.userName === userName);
    if (!member) throw notFound(`User "${userName}" is not a member of workspace "${workspace.name}".`);
    return member;
  };
  /** Whether the workspace keeps an admin once `member` has `role` (or is gone, for undefined). */
  const keepsAnAdmin = async (workspace: Workspace, member: Member, role: WorkspaceRole | undefined): Promise<boolean> =>
    member.role !== 'admin' || role === 'admin' || (await workspaces.members(workspace.id)).some((each) => each.role === 'admin' && each.userId !== member.userId);
  return {
    listWorkspaceMembers: async ({ query, caller }) => listOf(await access.workspace(caller, query.workspaceName)),
    addWorkspaceMember: ({ body, caller }) =>
      transaction(async () => {
        const workspace = await access.workspace(caller, body.workspaceName);
        const user = await users.byName(body.userName);
        if (!user) throw notFound(`No user named "${body.userName}": a service admin creates users (keys create --user).`);
        const now = services.now();
        if (!await workspaces.addMember(workspace.id, user.id, body.role, now)) {
          const { role } = await memberNamed(workspace, user.name);
          throw new ApiError(409, SdkError.conflict, `User "${user.name}" is already ${role === 'admin' ? 'an' : 'a'} ${role} of workspace "${workspace.name}".`);
        }
        await audit.record(caller, { workspaceId: workspace.id, action: 'member.added', target: user.name, after: { role: body.role } }, now);
        return listOf(workspace);
      }),
    setWorkspaceMemberRole: ({ body, caller }) =>
      transaction(async () => {
        const workspace = await access.workspace(caller, body.workspaceName);
        const member = await memberNamed(workspace, body.userName);
        if (!await keepsAnAdmin(workspace, member, body.role)) throw lastAdmin(workspace, `make "${member.userName}" ${body.role === 'viewer' ? 'a viewer' : 'a member'}`);
        await workspaces.setRole(workspace.id, member.userId, body.role);
        const change = { workspaceId: workspace.id, action: 'member.roleChanged', target: member.userName, before: { role: member.role }, after: { role: body.role } } as const;
        await audit.record(caller, change, services.now());
        return listOf(workspace);
      }),
    removeWorkspaceMember: ({ body, caller }) =>
      transaction(async () => {
        const workspace = await access.workspace(caller, body.workspaceName);
        const member = await memberNamed(workspace, body.userName);
        if (!await keepsAnAdmin(workspace, member, undefined)) throw lastAdmin(workspace, `remove "${member.userName}"`);
        await workspaces.removeMember(workspace.id, member.userId);
        await audit.record(caller, { workspaceId: workspace.id, action: 'member.removed', target: member.userName, before: { role: member.role } }, services.now());
        return listOf(workspace);
      }),
    leaveWorkspace: ({ body, caller }) =>
      transaction(async () => {
        const workspace = await access.workspace(caller, body.workspaceName);
        const member = await memberNamed(workspace, caller.userName);
        if (!await keepsAnAdmin(workspace, member, undefined)) throw lastAdmin(workspace, `leave for "${member.userName}"`);
        await workspaces.removeMember(workspace.id, member.userId);
        await audit.record(caller, { workspaceId: workspace.id, action: 'member.left', target: member.userName, before: { role: member.role } }, services.now());
        return { workspaceName: workspace.name, left: true as const };
      }),
  };
}
