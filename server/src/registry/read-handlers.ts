import { SdkError } from '../../../shared/api/index.ts';
import { notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { RegistryServices } from './services.ts';
import { latestOf, registryLookups, versionRecords } from './support.ts';
import { mapInOrder } from '../database/in-order.ts';
import { origin } from '../http/replies.ts';

/** Handlers of the registry reads: list, details, latest version (optionally by stage), notes; and an experiment's models with their registry versions. */
export function createRegistryReadHandlers(services: RegistryServices): HandlerTable {
  const { access, registry, experimentModels } = services;
  const lookups = registryLookups(services);
  return {
    listExperimentModels: async ({ query, caller }) => {
      const experiment = await access.experiment(caller, query.experimentKey);
      const models = await experimentModels.listForExperiment(experiment.id);
      const records = await registry.recordsOfExperimentModels(models.map((model) => model.id));
      return {
        models: models.map((model) => ({
          experimentModelId: model.uuid,
          experimentKey: experiment.key,
          modelName: model.name,
          registryRecords: records
            .filter((record) => record.experimentModelRowId === model.id)
            .map(({ experimentModelRowId: _row, ...record }) => record),
        })),
      };
    },

    listRegistryModels: async ({ query, caller, request }) => {
      const workspace = await access.workspace(caller, query.workspaceName);
      const registryModels = await mapInOrder(await registry.listModels(workspace.id), async (model) => {
        const latest = latestOf(await registry.versions(model.id));
        return {
          registryModelId: model.uuid,
          modelName: model.name,
          description: model.description,
          numberOfVersions: model.numberOfVersions,
          isPublic: model.isPublic,
          latestVersion: latest ? ((await versionRecords(services, [latest], origin(request)))[0] ?? null) : null,
          userName: model.userName,
          createdAt: model.createdAt,
          lastUpdated: model.lastUpdated,
        };
      });
      return { registryModels };
    },
    registryModelDetails: async ({ query, caller, request }) => {
      const { workspace, model } = await lookups.model(caller, query.workspaceName, query.modelName);
      return {
        registryModelId: model.uuid,
        workspaceId: workspace.uuid,
        modelName: model.name,
        description: model.description,
        numberOfVersions: model.numberOfVersions,
        isPublic: model.isPublic,
        notes: model.notes,
        userName: model.userName,
        createdAt: model.createdAt,
        lastUpdated: model.lastUpdated,
        versions: await versionRecords(services, await registry.versions(model.id), origin(request)),
      };
    },
    latestRegistryModelVersion: async ({ query, caller, request }) => {
      const { model } = await lookups.model(caller, query.workspaceName, query.modelName);
      const stage = query.stage?.trim();
      const candidates = (await registry.versions(model.id)).filter((version) => stage === undefined || version.stages.includes(stage));
      const latest = latestOf(candidates);
      if (!latest) {
        const which = stage === undefined ? 'no versions' : `no version with stage "${stage}"`;
        throw notFound(`Registry model "${model.name}" has ${which}.`, SdkError.noModelToUpdate);
      }
      const [record] = await versionRecords(services, [latest], origin(request));
      if (!record) throw new Error('version record missing');
      return record;
    },
    registryModelNotes: async ({ query, caller }) => {
      const { model } = await lookups.model(caller, query.workspaceName, query.modelName);
      return { notes: model.notes };
    },
  };
}
