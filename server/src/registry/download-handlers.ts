import { SdkError } from '../../../shared/api/index.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { RegistryServices } from './services.ts';
import type { RegistryVersion } from './version-rows.ts';
import { toAssetRecord, sendModelZip } from '../assets/index.ts';
import { itemRecord } from './item-reads.ts';
import { findVersion, latestOf, registryLookups } from './support.ts';
import { origin } from '../http/replies.ts';

/** How the download endpoints name a version: workspace and model, then a version, a stage, or neither (the highest). */
interface VersionChoice {
  workspaceName: string;
  modelName: string;
  version?: string | undefined;
  stage?: string | undefined;
}

/** Handlers of the downloads: a registry version's files (instructions and zip) and an experiment model's (list and zip). */
export function createRegistryDownloadHandlers(services: RegistryServices): HandlerTable {
  const { assets, blobs, registry } = services;
  const lookups = registryLookups(services);

  /** The one version a download names: by version, else the highest carrying the stage (as a stage or its status), else the highest. */
  const chosenVersion = async (caller: Caller, choice: VersionChoice) => {
    const { workspace, model } = await lookups.model(caller, choice.workspaceName, choice.modelName);
    const versionText = choice.version?.trim();
    const stage = choice.stage?.trim();
    if (versionText && stage) throw badRequest('Give either "version" or "stage", not both.');
    const versions = await registry.versions(model.id);
    let version: RegistryVersion | undefined;
    if (versionText) version = findVersion(versions, versionText);
    else if (stage) version = latestOf(versions.filter((v) => v.stages.includes(stage) || v.status.toLowerCase() === stage.toLowerCase()));
    else version = latestOf(versions);
    if (!version) {
      const which = versionText ? `version "${versionText}"` : stage ? `version with stage or status "${stage}"` : 'versions';
      throw notFound(`Registry model "${model.name}" has no ${which}.`, SdkError.noModelToUpdate);
    }
    return { workspace, model, version };
  };

  const filesOf = async (version: RegistryVersion) => (version.experimentModelRowId === null ? [] : assets.listOfModels([version.experimentModelRowId]));

  return {
    registryModelItemDownloadInstructions: async ({ query, caller, request }) => {
      const { workspace, version } = await chosenVersion(caller, query);
      const files = (await filesOf(version)).map((file) => ({ ...toAssetRecord(file, version.sourceExperimentKey, origin(request)), s3Link: null }));
      return { s3DownloadEnabled: false, versions: [{ ...itemRecord(workspace.name, version), assets: files }] };
    },
    downloadRegistryModelItem: async ({ query, caller, reply }) => {
      const { model, version } = await chosenVersion(caller, query);
      return sendModelZip(reply, blobs, await filesOf(version), `${model.name}_${version.version}.zip`);
    },
    listExperimentModelAssets: async ({ query, caller, request }) => {
      const { experiment, experimentModel } = await lookups.experimentModelNamed(caller, query.experimentKey, query.modelName);
      return { assets: (await assets.listOfModels([experimentModel.id])).map((file) => toAssetRecord(file, experiment.key, origin(request))) };
    },
    downloadExperimentModel: async ({ query, caller, reply }) => {
      const { experimentModel } = await lookups.experimentModelNamed(caller, query.experimentKey, query.modelName);
      return sendModelZip(reply, blobs, await assets.listOfModels([experimentModel.id]), `${experimentModel.name}.zip`);
    },
  };
}
