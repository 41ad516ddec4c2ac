import type { HandlerTable } from '../http/handler.ts';
import type { RegistryServices } from './services.ts';
import { registryChanges } from './changes.ts';
import { createRegistryItemHandlers } from './item-handlers.ts';
import { createRegistryReadHandlers } from './read-handlers.ts';
import { createRegistryGovernanceHandlers } from './governance/governance-handlers.ts';
import { registryGuarded } from './governance/guarded.ts';
import { modelNameTaken, registryLookups } from './support.ts';
import { ok } from '../http/replies.ts';

/**
 * Handlers of E17–E26 and the registry reads. Every version change goes through `registryChanges` (via
 * `registryGuarded` where an approval policy may hold it back): its history entry and webhook notifications are
 * written in the request's transaction.
 */
export function createRegistryHandlers(services: RegistryServices): HandlerTable {
  const { registry, webhooks } = services;
  const lookups = registryLookups(services);
  const changes = registryChanges(services);
  const guarded = registryGuarded(services);
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());

  return {
    ...createRegistryReadHandlers(services),
    ...createRegistryItemHandlers(services),
    ...createRegistryGovernanceHandlers(services),
    createRegistryModel: ({ body, caller }) =>
      transaction(async () => {
        const { workspace, experimentModel } = await lookups.experimentModel(caller, body.experimentModelId);
        if (await registry.modelByName(workspace.id, body.registryModelName)) throw modelNameTaken(body.registryModelName, workspace.name);
        const model = await registry.createModel(
          {
            workspaceId: workspace.id,
            name: body.registryModelName,
            description: body.description ?? '',
            isPublic: body.isPublic ?? false,
            userId: caller.userId,
          },
          services.now(),
        );
        return guarded.addVersion(caller, { workspace, model }, experimentModel, body, 'E17');
      }),
    createRegistryModelVersion: ({ body, caller }) =>
      transaction(async () => {
        const { workspace, experimentModel } = await lookups.experimentModel(caller, body.experimentModelId);
        const target = await lookups.model(caller, workspace.name, body.registryModelName);
        return guarded.addVersion(caller, target, experimentModel, body, 'E18');
      }),
    updateRegistryModelVersion: ({ body, caller }) =>
      transaction(async () => {
        const found = await lookups.version(caller, body.registryModelItemId);
        if (body.comment !== undefined) await changes.setComment(caller, found, body.comment);
        const held = body.stages ? await guarded.replaceStages(caller, await lookups.version(caller, body.registryModelItemId), body.stages, body.comment, 'E19') : undefined;
        return held ?? ok('200 Ok');
      }),
    deleteRegistryModelVersion: ({ query, caller }) =>
      transaction(async () => {
        await changes.deleteVersion(caller, await lookups.version(caller, query.modelItemId));
        return ok('200 Ok');
      }),
    updateRegistryModel: ({ body, caller }) =>
      transaction(async () => {
        const { workspace, model } = await lookups.modelById(caller, body.registryModelId);
        const name = body.registryModelName;
        if (name !== undefined && name !== model.name) {
          if (await registry.modelByName(workspace.id, name)) throw modelNameTaken(name, workspace.name);
          await webhooks.config.renameModel(workspace.id, model.name, name, services.now());
        }
        await registry.updateModel(model.id, { name, description: body.description, isPublic: body.isPublic }, services.now());
        return ok('200 Ok');
      }),
    updateRegistryModelNotes: ({ body, caller }) =>
      transaction(async () => {
        const { model } = await lookups.model(caller, body.workspaceName, body.registryModelName);
        await registry.setNotes(model.id, body.notes, services.now());
        return ok('200 Ok');
      }),
    deleteRegistryModel: ({ query, caller }) =>
      transaction(async () => {
        const { model } = await lookups.model(caller, query.workspaceName, query.modelName);
        await registry.deleteModel(model.id, caller, services.now());
        return ok('200 Ok');
      }),
    countRegistryModels: async ({ query, caller }) => {
      const workspace = await services.access.workspace(caller, query.workspaceName);
      return { registryModelCount: await registry.countModels(workspace.id) };
    },
    addRegistryModelVersionStage: ({ query, caller }) =>
      transaction(async () => {
        return guarded.addStage(caller, await lookups.version(caller, query.modelItemId), query.stage, 'E25');
      }),
    removeRegistryModelVersionStage: ({ query, caller }) =>
      transaction(async () => {
        const found = await lookups.version(caller, query.modelItemId);
        const stage = query.stage.trim();
        await changes.setStages(caller, found, found.version.stages.filter((s) => s !== stage), 'removed');
        return ok('200 Ok');
      }),
  };
}
