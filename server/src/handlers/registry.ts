import { SdkError } from '../../../shared/api/index.ts';
import { ApiError } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';
import type { RegistryModel, RegistryVersion } from '../storage/registry.ts';
import type { Workspace } from '../storage/workspaces.ts';
import { createRegistryReadHandlers } from './registry-reads.ts';
import { modelNameTaken, normalizeStages, parseVersion, registryLookups, sameVersionIn } from './registry-support.ts';
import { ok } from './replies.ts';

/** Handlers of E17–E26 (stage changes queue webhook notifications in the same transaction) and the registry reads. */
export function createRegistryHandlers(services: Services): HandlerTable {
  const { registry, webhooks } = services;
  const lookups = registryLookups(services);
  const transaction = <T>(work: () => T): T => services.db.transaction(work)();

  /** Applies new stages (and comment) to a version and queues the notifications. */
  const changeVersion = (
    caller: Caller,
    found: { workspace: Workspace; model: RegistryModel; version: RegistryVersion },
    changes: { comment?: string; stages?: string[] },
  ) => {
    const now = services.now();
    registry.updateVersion(found.version.id, changes, now);
    registry.touchModel(found.model.id, now);
    if (changes.stages) notify(caller, found, found.version.stages, changes.stages);
  };

  const notify = (
    caller: Caller,
    found: { workspace: Workspace; model: RegistryModel; version: RegistryVersion },
    previousStages: string[],
    stages: string[],
  ) =>
    webhooks.outbox.stageChanged({
      workspaceId: found.workspace.id,
      workspaceName: found.workspace.name,
      registryModelName: found.model.name,
      registryModelId: found.model.uuid,
      registryModelItemId: found.version.uuid,
      version: found.version.version,
      previousStages,
      stages,
      userName: caller.userName,
    });

  /** Adds a version made from an experiment model to a registry model (E17, E18). */
  const addVersion = (
    caller: Caller,
    target: { workspace: Workspace; model: RegistryModel },
    source: ReturnType<typeof lookups.experimentModel>['experimentModel'],
    body: { version?: string; comment?: string; stages?: string[] },
  ) => {
    const version = parseVersion(body.version);
    const existing = sameVersionIn(registry.versions(target.model.id), version);
    if (existing) {
      const buildNote = existing.version === version ? '' : ` (${version} differs from it only in build metadata, which does not count)`;
      throw new ApiError(400, SdkError.duplicateVersion, `Registry model "${target.model.name}" already has version ${existing.version}${buildNote}.`);
    }
    const stages = normalizeStages(body.stages ?? []);
    const now = services.now();
    const created = registry.createVersion(
      {
        registryModelId: target.model.id,
        experimentModelRowId: source.id,
        sourceModelUuid: source.uuid,
        sourceExperimentKey: source.experimentKey,
        sourceModelName: source.name,
        version,
        comment: body.comment ?? '',
        stages,
        userId: caller.userId,
      },
      now,
    );
    registry.touchModel(target.model.id, now);
    notify(caller, { ...target, version: created }, [], stages);
    return { registryModelId: target.model.uuid, registryModelItemId: created.uuid };
  };

  return {
    ...createRegistryReadHandlers(services),
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
        return addVersion(caller, { workspace, model }, experimentModel, body);
      }),
    createRegistryModelVersion: ({ body, caller }) =>
      transaction(() => {
        const { workspace, experimentModel } = lookups.experimentModel(caller, body.experimentModelId);
        const target = lookups.model(caller, workspace.name, body.registryModelName);
        return addVersion(caller, target, experimentModel, body);
      }),
    updateRegistryModelVersion: ({ body, caller }) =>
      transaction(() => {
        const found = lookups.version(caller, body.registryModelItemId);
        changeVersion(caller, found, { comment: body.comment, stages: body.stages && normalizeStages(body.stages) });
        return ok('200 Ok');
      }),
    deleteRegistryModelVersion: ({ query, caller }) =>
      transaction(() => {
        const found = lookups.version(caller, query.modelItemId);
        registry.deleteVersion(found.version.id);
        registry.touchModel(found.model.id, services.now());
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
        registry.deleteModel(model.id);
        return ok('200 Ok');
      }),
    countRegistryModels: ({ query, caller }) => {
      const workspace = services.access.workspace(caller, query.workspaceName);
      return { registryModelCount: registry.countModels(workspace.id) };
    },
    addRegistryModelVersionStage: ({ query, caller }) =>
      transaction(() => {
        const found = lookups.version(caller, query.modelItemId);
        const stages = normalizeStages([...found.version.stages, query.stage]);
        if (stages.length !== found.version.stages.length) changeVersion(caller, found, { stages });
        return ok('200 Ok');
      }),
    removeRegistryModelVersionStage: ({ query, caller }) =>
      transaction(() => {
        const found = lookups.version(caller, query.modelItemId);
        const stage = query.stage.trim();
        if (found.version.stages.includes(stage)) changeVersion(caller, found, { stages: found.version.stages.filter((s) => s !== stage) });
        return ok('200 Ok');
      }),
  };
}
