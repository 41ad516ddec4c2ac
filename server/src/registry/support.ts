import semver from 'semver';
import type { z } from 'zod';
import { SdkError } from '../../../shared/api/index.ts';
import type { registryVersionRecord } from '../../../shared/api/registry.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { RegistryServices } from './services.ts';
import { type ExperimentModel, toAssetRecord } from '../assets/index.ts';
import type { RegistryModel } from './registry-store.ts';
import type { RegistryVersion } from './version-rows.ts';
import type { Workspace } from '../accounts/index.ts';

/** A version as the reads send it. */
export type VersionRecord = z.infer<typeof registryVersionRecord>;

/** The existing version equal to `version` by semantic-version precedence (build metadata ignored: `1.0.0+b` is `1.0.0`). */
export const sameVersionIn = (versions: readonly RegistryVersion[], version: string): RegistryVersion | undefined =>
  versions.find((existing) => semver.eq(existing.version, version));

/** Stages trimmed, without empties and duplicates, in the order given. */
export const normalizeStages = (stages: readonly string[]): string[] => [...new Set(stages.map((stage) => stage.trim()).filter(Boolean))];

/** The version named `text`: the same string, else the same semantic version (`v1.0.0` finds `1.0.0`). */
export function findVersion(versions: readonly RegistryVersion[], text: string): RegistryVersion | undefined {
  const given = text.trim();
  const exact = versions.find((version) => version.version === given);
  if (exact) return exact;
  const parsed = semver.parse(given);
  return parsed ? sameVersionIn(versions, parsed.version) : undefined;
}

/** Versions sorted highest semantic version first. */
export const newestFirst = (versions: readonly RegistryVersion[]): RegistryVersion[] => [...versions].sort((a, b) => semver.rcompare(a.version, b.version));

/** The highest version by semantic-version precedence, or undefined for none. */
export const latestOf = (versions: readonly RegistryVersion[]): RegistryVersion | undefined =>
  versions.reduce<RegistryVersion | undefined>((best, candidate) => (!best || semver.gt(candidate.version, best.version) ? candidate : best), undefined);

/** 409 for a name that is taken in the workspace. */
export const modelNameTaken = (name: string, workspaceName: string) =>
  new ApiError(409, SdkError.conflict, `A registry model named "${name}" already exists in workspace "${workspaceName}".`);

/** Lookups of the registry with the access rules (404 unknown, 403 another workspace's). */
export function registryLookups(services: RegistryServices) {
  const { access, registry, workspaces, experimentModels } = services;
  const workspaceOf = async (caller: Caller, workspaceId: number): Promise<Workspace> => {
    const workspace = await workspaces.byId(workspaceId);
    if (!workspace) throw new Error(`workspace ${workspaceId} vanished`);
    await access.requireMember(caller, workspace.id, workspace.name);
    return workspace;
  };
  return {
    workspaceOf,
    /** A registry model by workspace and name: 404 (42008) when missing. */
    async model(caller: Caller, workspaceName: string, modelName: string): Promise<{ workspace: Workspace; model: RegistryModel }> {
      const workspace = await access.workspace(caller, workspaceName);
      const model = await registry.modelByName(workspace.id, modelName);
      if (!model) throw notFound(`No registry model named "${modelName}" in workspace "${workspace.name}".`, SdkError.registryModelNotFound);
      return { workspace, model };
    },
    /** A registry model by its registryModelId. */
    async modelById(caller: Caller, registryModelId: string): Promise<{ workspace: Workspace; model: RegistryModel }> {
      const model = await registry.modelByUuid(registryModelId);
      if (!model) throw notFound(`No registry model with registryModelId "${registryModelId}".`, SdkError.registryModelNotFound);
      return { workspace: await workspaceOf(caller, model.workspaceId), model };
    },
    /** A version by its registryModelItemId, with its model and workspace. */
    async version(caller: Caller, itemId: string): Promise<{ workspace: Workspace; model: RegistryModel; version: RegistryVersion }> {
      const version = await registry.versionByUuid(itemId);
      if (!version) throw notFound(`No registry model version with registryModelItemId "${itemId}".`, SdkError.noModelToUpdate);
      const model = await registry.modelById(version.registryModelId);
      if (!model) throw new Error('registry model of a version vanished');
      return { workspace: await workspaceOf(caller, model.workspaceId), model, version };
    },
    /** An experiment's model by experiment key and model name: 404 when either is unknown. */
    async experimentModelNamed(caller: Caller, experimentKey: string, modelName: string) {
      const experiment = await access.experiment(caller, experimentKey);
      const experimentModel = await experimentModels.byName(experiment.id, modelName);
      if (!experimentModel) throw notFound(`Experiment "${experiment.key}" has no model named "${modelName}".`);
      return { experiment, experimentModel };
    },
    /** An experiment model by its experimentModelId: 404 when unknown. */
    async experimentModel(caller: Caller, experimentModelId: string): Promise<{ workspace: Workspace; experimentModel: ExperimentModel }> {
      const experimentModel = await experimentModels.byUuid(experimentModelId);
      if (!experimentModel) throw notFound(`No experiment model with experimentModelId "${experimentModelId}".`);
      return { workspace: await workspaceOf(caller, experimentModel.workspaceId), experimentModel };
    },
  };
}

/** Builds version records with their assets (the source experiment model's files). */
export async function versionRecords(services: RegistryServices, versions: readonly RegistryVersion[], origin: string): Promise<VersionRecord[]> {
  const modelRowIds = versions.flatMap((version) => (version.experimentModelRowId === null ? [] : [version.experimentModelRowId]));
  const assets = await services.assets.listOfModels(modelRowIds);
  return versions.map((version) => ({
    registryModelItemId: version.uuid,
    version: version.version,
    comment: version.comment,
    stages: version.stages,
    status: version.status,
    userName: version.userName,
    createdAt: version.createdAt,
    lastUpdated: version.lastUpdated,
    assets: assets
      .filter((asset) => asset.experimentModelRowId === version.experimentModelRowId)
      .map((asset) => toAssetRecord(asset, version.sourceExperimentKey, origin)),
    experimentModel: {
      experimentModelId: version.sourceModelUuid,
      experimentKey: version.sourceExperimentKey,
      modelName: version.sourceModelName,
    },
  }));
}
