import { badRequest, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { PanelServices } from './services.ts';
import { ok } from '../http/replies.ts';

/** Handlers of E52 (save a visualization instance's whole store) and its read extension. */
export function createStoreHandlers(services: PanelServices): HandlerTable {
  const { access, projects, vizStores } = services;
  return {
    saveStore: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const project = await access.project(caller, { projectId: body.projectId });
        const existing = await vizStores.get(body.instanceId);
        if (existing && existing.projectRowId !== project.id) {
          throw badRequest(`Visualization instance "${body.instanceId}" belongs to another project.`);
        }
        await vizStores.save(body.instanceId, project.id, body.store, services.now());
        return ok('Stored');
      }),
    getStore: async ({ query, caller }) => {
      const saved = await vizStores.get(query.instanceId);
      const project = saved && await projects.byId(saved.projectRowId);
      if (!saved || !project) throw notFound(`No store saved for visualization instance "${query.instanceId}".`);
      await access.requireMember(caller, project.workspaceId, project.workspaceName);
      return { instanceId: saved.instanceId, projectId: saved.projectUuid, store: saved.store, lastUpdated: saved.lastUpdated };
    },
  };
}
