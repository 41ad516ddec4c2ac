import type { ServiceClient } from '../client/service-client.ts';
import { cancelledError } from '../client/errors.ts';
import { copiedAssetId, copyAsset, copyGitPatch } from './assets.ts';
import { copiedToTag, experimentLink, type CopyContext, type SourceSnapshot } from './context.ts';
import { copyDocuments, copyEnvironment, copyOthers, copyOutput, copyParameters, copyRunFacts, copyTags } from './documents.ts';
import { findOrCreateCopy, readSnapshot } from './experiment.ts';
import type { ExperimentRecord, JobRecord } from './job-store.ts';
import { copyMetric } from './metrics.ts';
import { withThrottleWaits } from './throttle-wait.ts';
import { verifyCopy } from './verify.ts';

/** What a job gives each experiment's copy: both clients, the target's kind, staging, cancellation and a progress hook. */
export interface ExperimentRun {
  job: JobRecord;
  source: ServiceClient;
  target: ServiceClient;
  ours: boolean;
  stagingDir: string;
  signal: AbortSignal;
  /** Called after each finished item (the job records and reports it). */
  progressed(): void;
}

/** The items of one experiment, in order; each can be run again without adding anything twice. */
function itemsOf(snapshot: SourceSnapshot, move: boolean): string[] {
  return [
    'experiment',
    'facts',
    'tags',
    'parameters',
    'others',
    'documents',
    'environment',
    'output',
    'patch',
    ...snapshot.metricNames.map((name) => `metric:${name}`),
    ...snapshot.assets.map((asset) => `asset:${asset.assetId}`),
    'verify',
    ...(move ? ['trash'] : []),
  ];
}

/**
 * Copies one experiment item by item, skipping the items its record says are done; then checks the copy and, for a
 * move whose check passed, sends the source to the trash. The record is updated in place.
 */
export async function copyExperiment(run: ExperimentRun, record: ExperimentRecord): Promise<void> {
  const { job, source, target, signal } = run;
  if (record.state === 'done') return;
  record.state = 'copying';
  record.problems = [];
  const snapshot = await readSnapshot(source, record.sourceKey, signal);
  const { meta } = snapshot;
  record.name = meta.experimentName ?? record.name;
  const items = itemsOf(snapshot, job.mode === 'move');
  record.itemsTotal = items.length;
  const place = { workspaceName: job.workspaceName, projectName: job.projectName };
  const sourceLink = experimentLink(job.sourceBaseUrl, meta.workspaceName, meta.projectName, record.sourceKey);
  if (record.targetKey === undefined) {
    record.targetKey = await findOrCreateCopy(target, run.ours, place, sourceLink, meta.experimentName, signal);
    record.targetLink = experimentLink(job.targetBaseUrl, place.workspaceName, place.projectName, record.targetKey);
  }
  const ownTag = copiedToTag(record.targetLink ?? '');
  const ctx: CopyContext = { source, target, sourceKey: record.sourceKey, targetKey: record.targetKey, ours: run.ours, signal, stagingDir: run.stagingDir };
  const targetMetrics = new Set((await target.call('getMetricSummaries', { query: { experimentKey: record.targetKey } }, { signal })).values.map((m) => m.name));
  const steps: Record<string, () => Promise<string | void>> = {
    experiment: () => source.call('addTags', { body: { experimentKey: record.sourceKey, addedTags: [ownTag] } }, { signal }).then(() => undefined),
    facts: () => copyRunFacts(ctx, snapshot),
    tags: () => copyTags(ctx, snapshot, ownTag),
    parameters: () => copyParameters(ctx, snapshot),
    others: () => copyOthers(ctx, snapshot),
    documents: () => copyDocuments(ctx),
    environment: () => copyEnvironment(ctx),
    output: () => copyOutput(ctx),
    patch: () => copyGitPatch(ctx),
    verify: async () => {
      record.state = 'verifying';
      record.problems = await verifyCopy(ctx, snapshot, { sourceBaseUrl: job.sourceBaseUrl, checksums: recorded(record, 'asset:'), points: recorded(record, 'metric:'), ownTag });
      if (record.problems.length > 0) throw new Error(`The check found differences: ${record.problems.join(' ')}`);
    },
    trash: async () => {
      await source.call('deleteExperiment', { query: { experimentKey: record.sourceKey } }, { signal });
      record.trashed = true;
    },
  };
  for (const item of items) {
    if (record.done[item] !== undefined) continue;
    if (signal.aborted) throw cancelledError();
    const [kind, ...rest] = item.split(':');
    const name = rest.join(':');
    const asset = kind === 'asset' ? snapshot.assets.find((a) => a.assetId === name) : undefined;
    const assetId = asset ? copiedAssetId(job.sourceBaseUrl, record.sourceKey, asset.assetId, ctx.targetKey) : '';
    const step = (): Promise<string | void> => (kind === 'metric' ? copyMetric(ctx, name, targetMetrics.has(name)).then(String) : asset ? copyAsset(ctx, asset, assetId) : (steps[item]?.() ?? Promise.resolve()));
    const result = await withThrottleWaits(step, signal);
    record.done[item] = typeof result === 'string' ? result : '';
    record.itemsDone = items.filter((i) => record.done[i] !== undefined).length;
    run.progressed();
  }
  record.state = 'done';
}

/** What was recorded while copying items of one kind (`asset:` checksums, `metric:` source point counts), by name. */
function recorded(record: ExperimentRecord, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(record.done).flatMap(([item, value]) => (item.startsWith(prefix) && value ? [[item.slice(prefix.length), value]] : [])));
}
