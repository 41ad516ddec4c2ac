import { SdkError } from '../../../shared/api/index.ts';
import type { AnalysisViewState } from '../../../shared/api/analysis-views.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { ViewServices } from './services.ts';
import type { StoredView } from './view-store.ts';

/** 409 for a name another view of the project has. */
const nameTaken = (name: string) =>
  new ApiError(409, SdkError.conflict, `This project already has a view named "${name}": choose another name, or open that view and save over it.`);

/** A view as the list sends it (no state). */
function summaryOf(view: StoredView, projectId: string) {
  const { uuid, name, version, createdBy, updatedBy, updatedAt } = view;
  return { viewId: uuid, projectId, name, version, createdBy, updatedBy, updatedAt };
}

/** A view with its state, as the reads and changes send it. */
const recordOf = (view: StoredView, projectId: string) => ({ ...summaryOf(view, projectId), state: JSON.parse(view.state) as AnalysisViewState });

/** Handlers of a project's named analysis views: anyone who can read the project reads them, members change them. */
export function createViewHandlers(services: ViewServices): HandlerTable {
  const { access, projects, views } = services;
  /** The view and its (live) project, once the caller's role in its workspace allows what the endpoint needs. */
  const viewFor = async (caller: Caller, viewId: string) => {
    const view = await views.byUuid(viewId);
    const project = view && (await projects.byId(view.projectRowId));
    if (!view || !project || project.deletedAt !== null) {
      throw notFound(`No analysis view with id "${viewId}": it may have been deleted. Open the project's analysis view list to pick another.`);
    }
    await access.requireMember(caller, project.workspaceId, project.workspaceName);
    return { view, project };
  };
  return {
    listAnalysisViews: async ({ query, caller }) => {
      const project = await access.project(caller, { projectId: query.projectId });
      return { views: (await views.list(project.id)).map((view) => summaryOf(view, project.uuid)) };
    },
    getAnalysisView: async ({ query, caller }) => {
      const { view, project } = await viewFor(caller, query.viewId);
      return recordOf(view, project.uuid);
    },
    createAnalysisView: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const project = await access.project(caller, { projectId: body.projectId });
        if (await views.byName(project.id, body.name)) throw nameTaken(body.name);
        return recordOf(await views.create(project.id, body.name, JSON.stringify(body.state), caller.userName, services.now()), project.uuid);
      }),
    updateAnalysisView: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const { view, project } = await viewFor(caller, body.viewId);
        if (view.version !== body.version || !(await views.update(view.id, body.version, JSON.stringify(body.state), caller.userName, services.now()))) {
          const when = new Date(view.updatedAt).toISOString();
          throw new ApiError(
            409,
            SdkError.conflict,
            `${view.updatedBy} changed view "${view.name}" since you opened it (it is now version ${view.version}, saved ${when}; yours was made on version ${body.version}). ` +
              'Open the view again to see their changes, or keep yours with "Save as…" under another name.',
          );
        }
        return recordOf((await views.byUuid(view.uuid)) ?? view, project.uuid);
      }),
    renameAnalysisView: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const { view, project } = await viewFor(caller, body.viewId);
        const other = await views.byName(project.id, body.name);
        if (other && other.id !== view.id) throw nameTaken(body.name);
        await views.rename(view.id, body.name, caller.userName, services.now());
        return recordOf((await views.byUuid(view.uuid)) ?? view, project.uuid);
      }),
    deleteAnalysisView: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const { view } = await viewFor(caller, body.viewId);
        await views.delete(view.id);
        return { viewId: view.uuid };
      }),
  };
}
