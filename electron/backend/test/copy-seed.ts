import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Backend } from '../src/backend.ts';
import { call } from './helpers.ts';

/** What was logged to a seeded experiment, to compare its copy with. */
export interface Seeded {
  experimentKey: string;
  assetSha: Record<string, string>;
}

/** Logs every kind of item to a new experiment of the embedded service (through the backend, as the app would). */
export async function seedExperiment(backend: Backend, files: string, options: { projectName: string; name: string; metrics?: number; points?: number }): Promise<Seeded> {
  const api = (endpoint: string, input: Record<string, unknown>) => call(backend, 'api.call', { endpoint, profileId: 'local', ...input } as never) as Promise<Record<string, unknown>>;
  const { experimentKey } = (await api('createExperiment', { body: { workspaceName: 'admin', projectName: options.projectName, experimentName: options.name } })) as { experimentKey: string };
  for (let m = 0; m < (options.metrics ?? 2); m += 1) {
    const values = Array.from({ length: options.points ?? 300 }, (_, i) => ({ metricName: `loss-${m}`, metricValue: 1 / (i + 1), step: i, epoch: Math.floor(i / 100), context: m === 0 ? 'train' : null, timestamp: 1_700_000_000_000 + i }));
    await api('clientlibMetricBatch', { body: { experimentKey, values } });
  }
  await api('logMetric', { body: { experimentKey, metricName: 'note', metricValue: 'warm-up' } });
  await api('clientlibParameterBatch', { body: { experimentKey, values: [{ parameterName: 'lr', parameterValue: 0.1, context: 'train' }, { parameterName: 'lr', parameterValue: 0.01, context: 'train' }, { parameterName: 'optimizer', parameterValue: 'adam' }] } });
  await api('logOther', { body: { experimentKey, key: 'dataset', value: 'cifar-10' } });
  await api('addTags', { body: { experimentKey, addedTags: ['baseline', 'gpu'] } });
  await api('logHtml', { body: { experimentKey, html: '<b>report</b>' } });
  await api('setCode', { body: { experimentKey, code: 'print("hi")' } });
  await api('setGraph', { body: { experimentKey, graph: 'digraph { a -> b }' } });
  await api('setGitMetadata', { body: { experimentKey, user: 'ada', root: '/src', branch: 'main', parent: 'abc123', origin: 'git@example.com:x.git' } });
  await api('setSystemDetails', { body: { experimentKey, hostname: 'laptop', pythonVersion: '3.12.1', command: ['python', 'train.py'], env: { SEED: '1' }, logAdditionalSystemInfoList: [{ key: 'cuda', value: '12.4' }] } });
  await api('logOutput', { body: { experimentKey, outputLines: [{ output: 'epoch 1\n', offset: 0 }, { output: 'warning: slow\n', stderr: true, offset: 1 }] } });
  const assetSha: Record<string, string> = {};
  const upload = async (fileName: string, bytes: Buffer, query: Record<string, unknown>, metadata?: string) => {
    const path = join(files, `${experimentKey}-${fileName}`);
    await writeFile(path, bytes);
    assetSha[fileName] = createHash('sha256').update(bytes).digest('hex');
    return (await call(backend, 'transfers.upload', { transferId: `seed-${experimentKey}-${fileName}`, endpoint: 'uploadAsset', profileId: 'local', query: { experimentKey, fileName, ...query }, filePath: path, ...(metadata ? { fields: { metadata } } : {}) })) as { assetId: string };
  };
  const weights = await upload('weights.bin', randomBytes(256 * 1024 + 7), { step: 3, context: 'train' }, '{"kind":"weights"}');
  await api('addAssetTags', { body: { experimentKey, assetId: weights.assetId, tags: ['best'] } });
  await upload('sample.png', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(512)]), { type: 'image', step: 1 });
  await api('uploadRemoteAssets', { body: { experimentKey, remoteAssets: [{ link: 's3://bucket/data.csv', fileName: 'data.csv', type: 'dataset' }] } });
  const patch = join(files, `${experimentKey}.patch`);
  await writeFile(patch, 'diff --git a/x b/x\n+1\n');
  await call(backend, 'transfers.upload', { transferId: `seed-${experimentKey}-patch`, endpoint: 'uploadGitPatch', profileId: 'local', query: { experimentKey }, filePath: patch });
  return { experimentKey, assetSha };
}
