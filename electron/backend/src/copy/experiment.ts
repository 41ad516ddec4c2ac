import type { ServiceClient } from '../client/service-client.ts';
import { AppError } from '../ipc/app-error.ts';
import { copiedFromTag, type SourceSnapshot } from './context.ts';

/** Reads what decides the items to copy: metadata, tags, parameter and other summaries, metric names, assets. */
export async function readSnapshot(source: ServiceClient, experimentKey: string, signal: AbortSignal): Promise<SourceSnapshot> {
  const options = { signal };
  const query = { experimentKey };
  const [meta, tags, parameters, others, metrics, assets] = await Promise.all([
    source.call('getExperimentMetadata', { query }, options),
    source.call('getTags', { query }, options),
    source.call('getParameters', { query }, options),
    source.call('getOthers', { query }, options),
    source.call('getMetricSummaries', { query }, options),
    source.call('listAssets', { query }, options),
  ]);
  return { meta, tags: tags.tags, parameters: parameters.values, others: others.values, metricNames: metrics.values.map((m) => m.name), assets: assets.assets };
}

/** Where the copy goes. */
export interface CopyPlace {
  workspaceName: string;
  projectName: string;
}

/** The experiments of a project with their tags (one read on a Trackdesk service, one per experiment elsewhere); none when the project does not exist yet. */
async function tagsByExperiment(target: ServiceClient, ours: boolean, place: CopyPlace, signal: AbortSignal): Promise<Record<string, string[]>> {
  try {
    if (ours) return (await target.call('listExperimentTags', { query: place }, { signal })).tags;
    const found: Record<string, string[]> = {};
    for (let page = 1; ; page += 1) {
      const { experiments } = await target.call('listExperiments', { query: { ...place, page, size: 1000 } }, { signal });
      for (const { experimentKey } of experiments) found[experimentKey] = (await target.call('getTags', { query: { experimentKey } }, { signal })).tags;
      if (experiments.length < 1000) return found;
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return {};
    throw error;
  }
}

/**
 * The copy of a source experiment in the target project: an experiment already tagged with the source's address (left by
 * an attempt that stopped before recording it), else a new one, tagged with the source's address at once.
 */
export async function findOrCreateCopy(target: ServiceClient, ours: boolean, place: CopyPlace, sourceLink: string, name: string | null, signal: AbortSignal): Promise<string> {
  const tag = copiedFromTag(sourceLink);
  const existing = Object.entries(await tagsByExperiment(target, ours, place, signal)).find(([, tags]) => tags.includes(tag));
  if (existing) return existing[0];
  const { experimentKey } = await target.call('createExperiment', { body: { ...place, experimentName: name } }, { signal });
  await target.call('addTags', { body: { experimentKey, addedTags: [tag] } }, { signal });
  return experimentKey;
}
