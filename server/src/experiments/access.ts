import { SdkError } from '../../../shared/api/index.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { Experiment, ExperimentStore } from './experiment-store.ts';
import type { Project, ProjectStore } from './project-store.ts';
import { createWorkspaceAccess, type WorkspaceAccess, type WorkspaceStore } from '../accounts/index.ts';

/** How a project is named on the wire: by id, or by workspace and project name. */
export interface ProjectRef {
  projectId?: string | null;
  workspaceName?: string | null;
  projectName?: string | null;
}

/** Which experiments a lookup accepts: live ones (default), trashed ones only, or either. */
export type TrashFilter = 'live' | 'trashed' | 'any';

/** Lookups that enforce who may see what: 404 for unknown things, 403 for another workspace's or a role that falls short. */
export interface Access extends WorkspaceAccess {
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
  const { workspace, requireMember, mayWrite } = createWorkspaceAccess(workspaces);
  return {
    workspace,
    requireMember,
    mayWrite,
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
