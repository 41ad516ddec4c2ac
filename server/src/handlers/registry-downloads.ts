import { SdkError } from '../../../shared/api/index.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import type { Caller, HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';
import type { RegistryVersion } from '../storage/registry-version-rows.ts';
import { toAssetRecord } from './assets-records.ts';
import { sendModelZip } from './model-zip.ts';
import { itemRecord } from './registry-item-reads.ts';
import { findVersion, latestOf, registryLookups } from './registry-support.ts';
import { origin } from './replies.ts';

/** How the download endpoints name a version: workspace and model, then a version, a stage, or neither (the highest). */
interface VersionChoice {
  workspaceName: string;
  modelName: string;
  version?: string | undefined;
  stage?: string | undefined;
}

/** Handlers of the downloads: a registry version's files (instructions and zip) and an experiment model's (list and zip). */
export function createRegistryDownloadHandlers(services: Services): HandlerTable {
  const { assets, blobs, registry } = services;
  const lookups = registryLookups(services);

  /** The one version a download names: by version, else the highest carrying the stage (as a stage or its status), else the highest. */
  const chosenVersion = (caller: Caller, choice: VersionChoice) => {
    const { workspace, model } = lookups.model(caller, choice.workspaceName, choice.modelName);
    const versionText = choice.version?.trim();
    const stage = choice.stage?.trim();
    if (versionText && stage) throw badRequest('Give either "version" or "stage", not both.');
    const versions = registry.versions(model.id);
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

  const filesOf = (version: RegistryVersion) => (version.experimentModelRowId === null ? [] : assets.listOfModels([version.experimentModelRowId]));

  return {
    registryModelItemDownloadInstructions: ({ query, caller, request }) => {
      const { workspace, version } = chosenVersion(caller, query);
      const files = filesOf(version).map((file) => ({ ...toAssetRecord(file, version.sourceExperimentKey, origin(request)), s3Link: null }));
      return { s3DownloadEnabled: false, versions: [{ ...itemRecord(workspace.name, version), assets: files }] };
    },
    downloadRegistryModelItem: ({ query, caller, reply }) => {
      const { model, version } = chosenVersion(caller, query);
      return sendModelZip(reply, blobs, filesOf(version), `${model.name}_${version.version}.zip`);
    },
    listExperimentModelAssets: ({ query, caller, request }) => {
      const { experiment, experimentModel } = lookups.experimentModelNamed(caller, query.experimentKey, query.modelName);
      return { assets: assets.listOfModels([experimentModel.id]).map((file) => toAssetRecord(file, experiment.key, origin(request))) };
    },
    downloadExperimentModel: ({ query, caller, reply }) => {
      const { experimentModel } = lookups.experimentModelNamed(caller, query.experimentKey, query.modelName);
      return sendModelZip(reply, blobs, assets.listOfModels([experimentModel.id]), `${experimentModel.name}.zip`);
    },
  };
}
