import { useCallback } from 'react';
import type { WorkspaceRole } from '../../../shared/api/index.ts';
import type { BridgeError } from '../bridge.ts';
import { useApiQuery } from './api.ts';
import { useActiveProfile } from './profiles.tsx';
import { useUiStore } from './ui-store.ts';

/** The selected workspace of the active profile, the ones to choose from, and how to choose. */
interface WorkspaceSelection {
  /** The selected workspace; undefined while loading, on failure, or when the caller belongs to none. */
  workspaceName: string | undefined;
  workspaceNames: string[];
  /** The caller's default workspace on this service. */
  defaultWorkspaceName: string | undefined;
  isLoading: boolean;
  error: BridgeError | null;
  /** The workspace chosen here that the caller no longer belongs to (access ended), while another one is shown. */
  endedWorkspaceName: string | undefined;
  /** Chooses the workspace the screens show (remembered per profile). */
  select(workspaceName: string): void;
}

/** The selected workspace: the user's last choice for this profile, else the account's default, else the first. */
export function useWorkspace(): WorkspaceSelection {
  const { id: profileId, kind } = useActiveProfile();
  const workspaces = useApiQuery('listWorkspaces', {});
  const account = useApiQuery('accountDetails', {});
  const chooseWorkspace = useUiStore((state) => state.chooseWorkspace);
  const select = useCallback((name: string) => chooseWorkspace(profileId, name), [chooseWorkspace, profileId]);
  const workspaceNames = workspaces.data?.workspaceNames ?? [];
  const chosen = standingChoice(useUiStore((state) => state.workspaceByProfile[profileId]), kind, workspaceNames);
  const defaultWorkspaceName = account.data?.defaultWorkspaceName;
  const workspaceName = pickWorkspace(chosen, defaultWorkspaceName, workspaceNames);
  // While the list is read again (e.g. just after creating or joining one) a fresh choice is not yet in it.
  const settled = workspaces.isSuccess && !workspaces.isFetching;
  return {
    workspaceName,
    endedWorkspaceName: settled ? endedWorkspace(chosen, workspaceNames) : undefined,
    workspaceNames,
    defaultWorkspaceName,
    isLoading: workspaces.isPending || account.isPending,
    error: workspaces.error ?? account.error,
    select,
  };
}

/** What the local service's workspace was called before it was named for its person (issue 46). */
const FORMER_LOCAL_WORKSPACE = 'admin';

/**
 * The user's choice, unless it is the local workspace's former name "admin" and that workspace was renamed: then no
 * choice (the default, the renamed workspace, is shown) rather than an access that ended.
 */
export function standingChoice(chosen: string | undefined, profileKind: 'embedded' | 'remote', names: readonly string[]): string | undefined {
  const renamed = profileKind === 'embedded' && chosen === FORMER_LOCAL_WORKSPACE && names.length > 0 && !names.includes(chosen);
  return renamed ? undefined : chosen;
}

/** The workspace to show: the user's choice if it still exists, else the account's default, else the first one. */
export function pickWorkspace(chosen: string | undefined, defaultName: string | undefined, names: readonly string[]): string | undefined {
  return [chosen, defaultName, names[0]].find((name): name is string => name !== undefined && names.includes(name));
}

/** The user's choice when the caller no longer belongs to it (removed, or left elsewhere), else undefined. */
export function endedWorkspace(chosen: string | undefined, names: readonly string[]): string | undefined {
  return chosen !== undefined && !names.includes(chosen) ? chosen : undefined;
}

/**
 * The caller's role in a workspace (undefined while loading, or when not a member): screens show what the role may not
 * do as read-only, with the reason, instead of letting the service refuse on save.
 */
export function useWorkspaceRole(workspaceName: string | undefined): WorkspaceRole | undefined {
  const account = useApiQuery('accountDetails', {});
  const members = useApiQuery('listWorkspaceMembers', { workspaceName: workspaceName ?? '' }, { enabled: Boolean(workspaceName), retry: false });
  return members.data?.members.find((member) => member.userName === account.data?.userName)?.role;
}
