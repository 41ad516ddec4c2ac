import { randomBytes } from 'node:crypto';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { ExperimentServices } from './services.ts';
import { toProjectRecord } from './records.ts';
import { ok } from '../http/replies.ts';
import { ensureUncategorized, UNCATEGORIZED_PROJECT } from './uncategorized.ts';

const conflict = (projectName: string, workspaceName: string) =>
  new ApiError(409, SdkError.conflict, `A project named "${projectName}" already exists in workspace "${workspaceName}".`);

/** E13's rule: projectId, or both names; never all null, never all given. */
function projectIdentification(ids: { projectId?: string | null; workspaceName?: string | null; projectName?: string | null }) {
  const given = [ids.projectId, ids.workspaceName, ids.projectName].map((value) => value !== undefined && value !== null);
  if (given.every(Boolean)) throw badRequest('Identify the project by projectId or by workspaceName and projectName, not by all three.');
  if (!given[0] && !(given[1] && given[2])) throw badRequest('Identify the project by projectId, or by both workspaceName and projectName.');
  return ids;
}

/** Handlers of E11–E16 and the project reads. */
export function createProjectHandlers(services: ExperimentServices): HandlerTable {
  const { access, projects, experiments } = services;
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());
  return {
    createProject: ({ body, caller }) =>
      transaction(async () => {
        const workspace = await access.workspace(caller, body.workspaceName);
        if (await projects.byName(workspace.id, body.projectName)) throw conflict(body.projectName, workspace.name);
        const project = await projects.create(
          { workspaceId: workspace.id, name: body.projectName, description: body.projectDescription, isPublic: body.isPublic, ownerUserId: caller.userId },
          services.now(),
        );
        return { projectId: project.uuid };
      }),
    deleteProject: ({ body, caller }) =>
      transaction(async () => {
        const project = await access.project(caller, body);
        const now = services.now();
        if (body.deleteAllExperiments) {
          await experiments.trashAllIn(project.id, now);
        } else {
          if (project.name === UNCATEGORIZED_PROJECT && project.numberOfExperiments > 0) {
            throw badRequest(`"${UNCATEGORIZED_PROJECT}" still holds experiments: move them first, or delete them with deleteAllExperiments=true.`);
          }
          const target = project.name === UNCATEGORIZED_PROJECT ? project : await ensureUncategorized(services, project.workspaceId, caller.userId);
          await experiments.rehomeAll(project.id, target.id);
          await projects.touch(target.id, now);
        }
        await projects.markDeleted(project.id, now);
        return ok('Deleted');
      }),
    updateProject: ({ query, body, caller }) =>
      transaction(async () => {
        const ref = projectIdentification({
          projectId: body.projectId ?? query.projectId,
          workspaceName: body.workspaceName ?? query.workspaceName,
          projectName: body.projectName ?? query.projectName,
        });
        const project = await access.project(caller, ref);
        const newName = body.newProjectName ?? undefined;
        if (newName !== undefined && newName !== project.name && await projects.byName(project.workspaceId, newName)) {
          throw conflict(newName, project.workspaceName);
        }
        await projects.update(project.id, { name: newName, description: body.newProjectDescription ?? undefined, isPublic: body.isPublic ?? undefined }, services.now());
        return ok('Updated');
      }),
    setProjectNotes: async ({ body, caller }) => {
      const project = await access.project(caller, { projectId: body.projectId });
      await projects.setNotes(project.id, body.notes, services.now());
      return ok('Saved');
    },
    addProjectShareLink: async ({ query, caller }) => {
      const project = await access.project(caller, query);
      const shareCode = randomBytes(18).toString('base64url');
      await projects.addShareCode(project.id, shareCode, services.now());
      return { shareCode };
    },
    deleteProjectShareLink: async ({ query, caller }) => {
      const project = await access.project(caller, query);
      await projects.deleteShareCode(project.id, query.shareCode);
      return ok('Deleted');
    },
    listProjects: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.workspaceName);
      return { projects: (await projects.listLive(workspace.id)).map(toProjectRecord) };
    },
    getProject: async ({ query, caller }) => toProjectRecord(await access.project(caller, query)),
    getProjectNotes: async ({ query, caller }) => ({ notes: (await access.project(caller, query)).notes }),
    getProjectShareLinks: async ({ query, caller }) => ({ shareCodes: await projects.shareCodes((await access.project(caller, query)).id) }),
  };
}
