import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, badRequest, forbidden, notFound } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { Experiment, ExperimentStore } from './experiment-store.ts';
import type { Project, ProjectStore } from './project-store.ts';
import type { Workspace, WorkspaceStore } from '../accounts/index.ts';

/** How a project is named on the wire: by id, or by workspace and project name. */
export interface ProjectRef {
  projectId?: string | null;
  workspaceName?: string | null;
  projectName?: string | null;
}

/** Which experiments a lookup accepts: live ones (default), trashed ones only, or either. */
export type TrashFilter = 'live' | 'trashed' | 'any';

/** Lookups that enforce who may see what: 404 for unknown things, 403 for another workspace's. */
export interface Access {
  /** A workspace the caller belongs to: 404 (90219) when missing, 403 when not a member. */
  workspace(caller: Caller, name: string): Promise<Workspace>;
  /** 403 unless the caller belongs to the workspace. */
  requireMember(caller: Caller, workspaceId: number, workspaceName: string): Promise<void>;
  /** A live project by id or by workspace+name: 400 when neither is given, 404 when missing, 403 when not a member. */
  project(caller: Caller, ref: ProjectRef): Promise<Project>;
  /** An experiment by key: 404 (90211) when unknown (or not matching `trash`), 403 when not the caller's workspace. */
  experiment(caller: Caller, key: string, trash?: TrashFilter): Promise<Experiment>;
}

/** The 404 for an unknown experiment key. */
export const unknownExperiment = (key: string) => notFound(`No experiment with experimentKey "${key}".`, SdkError.noSuchExperiment);

/** Builds the access helpers over the stores. */
export function createAccess(stores: { workspaces: WorkspaceStore; projects: ProjectStore; experiments: ExperimentStore }): Access {
  const { workspaces, projects, experiments } = stores;
  const requireMember = async (caller: Caller, workspaceId: number, workspaceName: string) => {
    if (!await workspaces.isMember(workspaceId, caller.userId)) {
      throw forbidden(`User "${caller.userName}" is not a member of workspace "${workspaceName}".`);
    }
  };
  const workspace = async (caller: Caller, name: string) => {
    const found = await workspaces.byName(name);
    if (!found) throw new ApiError(404, SdkError.noSuchWorkspace, `No workspace named "${name}".`);
    await requireMember(caller, found.id, found.name);
    return found;
  };
  return {
    workspace,
    requireMember,
    async project(caller, ref) {
      if (ref.projectId) {
        const found = await projects.byUuid(ref.projectId);
        if (!found) throw notFound(`No project with projectId "${ref.projectId}".`);
        await requireMember(caller, found.workspaceId, found.workspaceName);
        return found;
      }
      if (!ref.workspaceName || !ref.projectName) {
        throw badRequest('Give projectId, or both workspaceName and projectName.', SdkError.noProjectName);
      }
      const space = await workspace(caller, ref.workspaceName);
      const found = await projects.byName(space.id, ref.projectName);
      if (!found) throw notFound(`No project named "${ref.projectName}" in workspace "${space.name}".`);
      return found;
    },
    async experiment(caller, key, trash = 'live') {
      const found = await experiments.byKey(key);
      if (!found) throw unknownExperiment(key);
      await requireMember(caller, found.workspaceId, found.workspaceName);
      const trashed = found.deletedAt !== null;
      if (trash === 'live' && trashed) {
        throw notFound(`Experiment "${key}" is in the trash; restore it first.`, SdkError.noSuchExperiment);
      }
      if (trash === 'trashed' && !trashed) throw badRequest(`Experiment "${key}" is not in the trash.`);
      return found;
    },
  };
}
