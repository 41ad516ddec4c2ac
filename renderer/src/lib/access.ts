import { useCallback } from 'react';
import { api, leastRoleFor, readOnlyKeyMay, roleAllows, type EndpointName, type WorkspaceRole } from '../../../shared/api/index.ts';
import { useApiQuery } from './api.ts';
import { withArticle } from './format.ts';
import { useWorkspace, useWorkspaceRole } from './workspace.ts';

/** Whether the caller may call an endpoint, and if not, why (in the service's words). */
export interface Access {
  allowed: boolean;
  /** Why not, for a tooltip or a read-only note; undefined when allowed. */
  reason?: string;
}

/** What decides access: the calling key and the caller's role in the workspace the control acts in (undefined while unknown). */
export interface AccessCaller {
  userName: string | undefined;
  isServiceAdmin: boolean | undefined;
  readOnlyKey: boolean | undefined;
  /** The caller's role in the workspace; undefined while loading, or when the service has no roles. */
  role: WorkspaceRole | undefined;
  /** The workspace the control acts in; null for what belongs to no workspace (the caller's own keys, a new workspace). */
  workspaceName: string | null | undefined;
}

const ALLOWED: Access = { allowed: true };

/**
 * Whether `caller` may call `endpoint`, from its contract entry's `needs`: a read-only key only reads; a service admin
 * acts as an admin of the workspaces they belong to; what is not yet known counts as allowed (the service decides).
 */
export function accessTo(endpoint: EndpointName, caller: AccessCaller): Access {
  const need = api[endpoint].needs;
  if (caller.readOnlyKey && !readOnlyKeyMay(api[endpoint])) return { allowed: false, reason: "This connection's key is read-only: it may read, not change anything." };
  if (need === 'none' || need === 'read') return ALLOWED;
  if (need === 'service-admin') {
    return caller.isServiceAdmin === false ? { allowed: false, reason: `Needs a service admin; ${caller.userName ? `“${caller.userName}” is not one` : 'you are not one'}.` } : ALLOWED;
  }
  if (caller.workspaceName === null || caller.role === undefined || caller.isServiceAdmin) return ALLOWED;
  if (roleAllows(caller.role, need)) return ALLOWED;
  return { allowed: false, reason: `Needs the ${leastRoleFor(need)} role; you are ${withArticle(caller.role)} in “${caller.workspaceName ?? ''}”.` };
}

/**
 * Who is calling, in `workspaceName` (the selected workspace when omitted; null for controls that act in no
 * workspace): the calling key from `ext.me` and the role from the workspace's members.
 */
export function useAccessCaller(workspaceName?: string | null): AccessCaller {
  const selected = useWorkspace().workspaceName;
  const scope = workspaceName === undefined ? selected : workspaceName;
  const me = useApiQuery('whoAmI', {}, { retry: false, staleTime: 60_000 });
  const role = useWorkspaceRole(scope ?? undefined);
  return { userName: me.data?.userName, isServiceAdmin: me.data?.isServiceAdmin, readOnlyKey: me.data?.key.readOnly, role, workspaceName: scope };
}

/** Whether the caller may call `endpoint` in `workspaceName` (see `useAccessCaller`), with the reason when not. */
export function useAccess(endpoint: EndpointName, workspaceName?: string | null): Access {
  return accessTo(endpoint, useAccessCaller(workspaceName));
}

/** For a control that calls several endpoints, or a list of actions: a function answering `useAccess` for each. */
export function useAccessCheck(workspaceName?: string | null): (endpoint: EndpointName) => Access {
  const caller = useAccessCaller(workspaceName);
  const { userName, isServiceAdmin, readOnlyKey, role, workspaceName: scope } = caller;
  return useCallback(
    (endpoint: EndpointName) => accessTo(endpoint, { userName, isServiceAdmin, readOnlyKey, role, workspaceName: scope }),
    [userName, isServiceAdmin, readOnlyKey, role, scope],
  );
}

/**
 * For a screen's commands, each calling one or more endpoints (`endpointsOf`): a function answering whether the caller
 * may run a command in `workspaceName`, with the first refusal's reason when not.
 */
export function useCommandAccess<C extends string>(endpointsOf: Record<C, readonly EndpointName[]>, workspaceName?: string | null): (command: C) => Access {
  const accessOf = useAccessCheck(workspaceName);
  return (command) => endpointsOf[command].map(accessOf).find((access) => !access.allowed) ?? ALLOWED;
}
