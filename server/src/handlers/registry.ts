import type { HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';
import { registryChanges } from './registry-changes.ts';
import { createRegistryItemHandlers } from './registry-items.ts';
import { createRegistryReadHandlers } from './registry-reads.ts';
import { modelNameTaken, normalizeStages, registryLookups } from './registry-support.ts';
import { ok } from './replies.ts';

/**
 * Handlers of E17–E26 and the registry reads. Every version change goes through `registryChanges`:
 * its history entry and webhook notifications are written in the request's transaction.
 */
export function createRegistryHandlers(services: Services): HandlerTable {
  const { registry, webhooks } = services;
  const lookups = registryLookups(services);
  const changes = registryChanges(services);
  const transaction = <T>(work: () => T): T => services.db.transaction(work)();

  return {
    ...createRegistryReadHandlers(services),
    ...createRegistryItemHandlers(services),
    createRegistryModel: ({ body, caller }) =>
      transaction(() => {
        const { workspace, experimentModel } = lookups.experimentModel(caller, body.experimentModelId);
        if (registry.modelByName(workspace.id, body.registryModelName)) throw modelNameTaken(body.registryModelName, workspace.name);
        const model = registry.createModel(
          {
            workspaceId: workspace.id,
            name: body.registryModelName,
            description: body.description ?? '',
            isPublic: body.isPublic ?? false,
            userId: caller.userId,
          },
          services.now(),
        );
        return changes.addVersion(caller, { workspace, model }, experimentModel, body);
      }),
    createRegistryModelVersion: ({ body, caller }) =>
      transaction(() => {
        const { workspace, experimentModel } = lookups.experimentModel(caller, body.experimentModelId);
        const target = lookups.model(caller, workspace.name, body.registryModelName);
        return changes.addVersion(caller, target, experimentModel, body);
      }),
    updateRegistryModelVersion: ({ body, caller }) =>
      transaction(() => {
        const found = lookups.version(caller, body.registryModelItemId);
        if (body.comment !== undefined) changes.setComment(caller, found, body.comment);
        if (body.stages) changes.setStages(caller, found, normalizeStages(body.stages), 'replaced', body.comment);
        return ok('200 Ok');
      }),
    deleteRegistryModelVersion: ({ query, caller }) =>
      transaction(() => {
        changes.deleteVersion(caller, lookups.version(caller, query.modelItemId));
        return ok('200 Ok');
      }),
    updateRegistryModel: ({ body, caller }) =>
      transaction(() => {
        const { workspace, model } = lookups.modelById(caller, body.registryModelId);
        const name = body.registryModelName;
        if (name !== undefined && name !== model.name) {
          if (registry.modelByName(workspace.id, name)) throw modelNameTaken(name, workspace.name);
          webhooks.config.renameModel(workspace.id, model.name, name, services.now());
        }
        registry.updateModel(model.id, { name, description: body.description, isPublic: body.isPublic }, services.now());
        return ok('200 Ok');
      }),
    updateRegistryModelNotes: ({ body, caller }) =>
      transaction(() => {
        const { model } = lookups.model(caller, body.workspaceName, body.registryModelName);
        registry.setNotes(model.id, body.notes, services.now());
        return ok('200 Ok');
      }),
    deleteRegistryModel: ({ query, caller }) =>
      transaction(() => {
        const { model } = lookups.model(caller, query.workspaceName, query.modelName);
        registry.deleteModel(model.id, caller, services.now());
        return ok('200 Ok');
      }),
    countRegistryModels: ({ query, caller }) => {
      const workspace = services.access.workspace(caller, query.workspaceName);
      return { registryModelCount: registry.countModels(workspace.id) };
    },
    addRegistryModelVersionStage: ({ query, caller }) =>
      transaction(() => {
        const found = lookups.version(caller, query.modelItemId);
        changes.setStages(caller, found, normalizeStages([...found.version.stages, query.stage]), 'added');
        return ok('200 Ok');
      }),
    removeRegistryModelVersionStage: ({ query, caller }) =>
      transaction(() => {
        const found = lookups.version(caller, query.modelItemId);
        const stage = query.stage.trim();
        changes.setStages(caller, found, found.version.stages.filter((s) => s !== stage), 'removed');
        return ok('200 Ok');
      }),
  };
}
