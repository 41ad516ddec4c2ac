import { useQuery } from '@tanstack/react-query';
import { invoke } from '../../../bridge.ts';
import { callApi } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import type { RegistryVersion } from '../stage-dialog.tsx';
import type { ModelFile, VersionFacts } from './comparison.ts';

/** A version's facts, and why the checksums are missing when they could not be computed. */
export interface LoadedFacts {
  facts: VersionFacts;
  checksumProblem: string | null;
}

type Asset = { assetId: string; fileName: string; fileSize: number; remote: boolean };

/** The model files with the SHA-256 the backend computes from the service's bytes (remote files have none). */
async function filesWithChecksums(experimentKey: string, assets: readonly Asset[], profileId: string): Promise<{ files: ModelFile[]; problem: string | null }> {
  const stored = assets.filter((asset) => !asset.remote);
  let digests = new Map<string, string>();
  let problem: string | null = null;
  if (stored.length > 0) {
    try {
      const reply = await invoke('assets.digests', { experimentKey, assetIds: stored.map((asset) => asset.assetId), profileId });
      digests = new Map(reply.digests.map((digest) => [digest.assetId, digest.sha256]));
    } catch (error) {
      problem = `Checksums could not be computed: ${errorMessage(error)}`;
    }
  }
  const files = assets.map((asset) => ({ fileName: asset.fileName, fileSize: asset.fileSize, sha256: digests.get(asset.assetId) ?? null }));
  return { files, problem };
}

/** Reads what the comparison needs of one version: its item details, its source experiment's metrics, parameters, tags and model files. */
export async function loadVersionFacts(workspaceName: string, modelName: string, version: RegistryVersion, profileId: string): Promise<LoadedFacts> {
  const { experimentKey, modelName: experimentModelName } = version.experimentModel;
  const [item, metrics, parameters, tags, assets] = await Promise.all([
    callApi('registryModelItemDetails', { query: { workspaceName, modelName, version: version.version } }, profileId),
    callApi('getMetricSummaries', { query: { experimentKey } }, profileId),
    callApi('getParameters', { query: { experimentKey } }, profileId),
    callApi('getTags', { query: { experimentKey } }, profileId),
    callApi('listExperimentModelAssets', { query: { experimentKey, modelName: experimentModelName } }, profileId),
  ]);
  const { files, problem } = await filesWithChecksums(experimentKey, assets.assets, profileId);
  return {
    facts: {
      registryModelItemId: version.registryModelItemId,
      version: version.version,
      status: item.status,
      stages: item.stages,
      experimentKey,
      experimentModelName,
      metrics: metrics.values,
      parameters: parameters.values,
      files,
      tags: tags.tags,
      metadata: item.metadata,
    },
    checksumProblem: problem,
  };
}

/** The facts of one version (null: nobody to compare with), cached per profile and version until the version changes. */
export function useVersionFacts(workspaceName: string, modelName: string, version: RegistryVersion | null) {
  const profileId = useActiveProfile().id;
  return useQuery<LoadedFacts | null, Error>({
    queryKey: [profileId, 'promotionFacts', { workspaceName, modelName, registryModelItemId: version?.registryModelItemId ?? null, lastUpdated: version?.lastUpdated ?? 0 }],
    queryFn: () => (version ? loadVersionFacts(workspaceName, modelName, version, profileId) : Promise.resolve(null)),
  });
}
