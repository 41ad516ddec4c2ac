import { badRequest, notFound } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { PanelServices } from './services.ts';
import type { Panel } from './panel-store.ts';
import { sendBlob, receiveUpload } from '../assets/index.ts';
import { ok } from '../http/replies.ts';

/** Handlers of E53 (upload a panel zip to a workspace) and the panel list and download extensions. */
export function createPanelHandlers(services: PanelServices): HandlerTable {
  const { access, blobs, panels, workspaces } = services;

  const panelOf = async (caller: Caller, templateId: string): Promise<Panel> => {
    const panel = await panels.byUuid(templateId);
    const workspace = panel && await workspaces.byId(panel.workspaceId);
    if (!panel || !workspace) throw notFound(`No panel with templateId "${templateId}".`);
    await access.requireMember(caller, workspace.id, workspace.name);
    return panel;
  };

  return {
    uploadPanel: async ({ query, caller, request }) => {
      const workspace = await access.workspace(caller, query.teamName);
      const target = query.templateId ? await panelOf(caller, query.templateId) : undefined;
      if (target && target.workspaceId !== workspace.id) throw badRequest(`Panel "${target.uuid}" belongs to another workspace.`);
      const upload = await receiveUpload(request, blobs, services.config.uploadLimitBytes);
      if (!upload.file) throw badRequest('The multipart part "file" (the panel zip) is required.');
      const file = { fileName: upload.file.fileName || 'panel.zip', fileSize: upload.file.size, blob: upload.file.blob };
      let templateId: string;
      try {
        if (target) await panels.replace(target.id, file, services.now());
        templateId = target?.uuid ?? (await panels.create(workspace.id, file, services.now())).uuid;
      } catch (error) {
        await blobs.remove(file.blob);
        throw error;
      }
      await services.blobGarbage.collect();
      return { ...ok('Saved'), templateId };
    },
    listPanels: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.teamName);
      return {
        panels: (await panels.list(workspace.id)).map((panel) => ({
          templateId: panel.uuid,
          teamName: workspace.name,
          fileName: panel.fileName,
          fileSize: panel.fileSize,
          createdAt: panel.createdAt,
          lastUpdated: panel.lastUpdated,
        })),
      };
    },
    downloadPanel: async ({ query, caller, request, reply }) => {
      const panel = await panelOf(caller, query.templateId);
      return sendBlob(reply, blobs, { blob: panel.blob, fileName: panel.fileName, contentType: 'application/zip' }, request.headers.range);
    },
  };
}
