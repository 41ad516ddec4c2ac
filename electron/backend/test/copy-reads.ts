import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Backend } from '../src/backend.ts';
import { call } from './helpers.ts';

type Row = Record<string, unknown>;

/** Everything logged to an experiment, read back through the app's channels, in a form two copies can be compared in (own link tags left out). */
export async function readEverything(backend: Backend, profileId: string, experimentKey: string, files: string): Promise<Row> {
  const api = async (endpoint: string, query: Row = {}) => (await call(backend, 'api.call', { endpoint, profileId, query: { experimentKey, ...query } } as never)) as Row;
  const download = async (endpoint: string, query: Row) => {
    const filePath = join(files, createHash('sha256').update(`${profileId}-${experimentKey}-${Object.values(query).join('-')}`).digest('hex'));
    await call(backend, 'transfers.download', { transferId: filePath.slice(-64), endpoint, profileId, query: { experimentKey, ...query }, filePath });
    return readFile(filePath);
  };
  const summaries = (reply: Row) => Object.fromEntries((reply.values as Row[]).map((v) => [v.name, [v.valueMin, v.valueMax, v.valueCurrent]]));
  const metricNames = ((await api('getMetricSummaries')).values as Row[]).map((v) => v.name as string).sort();
  const metrics: Row = {};
  for (const name of metricNames) metrics[name] = ((await api('getMetric', { metricName: name })).metrics as Row[]).map(({ metricName: _n, ...point }) => point);
  const assets: Row = {};
  for (const asset of (await api('listAssets')).assets as Row[]) {
    const bytes = asset.remote ? Buffer.alloc(0) : await download('downloadAsset', { assetId: asset.assetId });
    const { type, step, epoch, runContext, metadata, tags, remote, fileSize } = asset;
    assets[asset.fileName as string] = { type, step, epoch, runContext, metadata, tags, remote, fileSize, link: remote ? asset.link : '', sha: createHash('sha256').update(bytes).digest('hex') };
  }
  const { experimentKey: _key, ...system } = await api('getSystemDetails');
  const git = await api('getGitMetadata');
  const tags = ((await api('getTags')).tags as string[]).filter((tag) => !tag.startsWith('copied-'));
  const meta = await api('getExperimentMetadata');
  // The end time is left out: a source still running moves it with every write (the link tag the copy adds to it, too).
  return JSON.parse(JSON.stringify({
    name: meta.experimentName,
    startTime: meta.startTimeMillis,
    metrics,
    parameters: summaries(await api('getParameters')),
    others: summaries(await api('getOthers')),
    tags,
    html: (await api('getHtml')).html,
    code: (await api('getCode')).code,
    graph: (await api('getGraph')).graph,
    git,
    system,
    output: [(await api('getOutput', { stderr: false })).output, (await api('getOutput', { stderr: true })).output],
    assets,
    patch: (await download('downloadGitPatch', {})).toString('utf8'),
  })) as Row;
}
