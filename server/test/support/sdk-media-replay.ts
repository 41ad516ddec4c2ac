import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { addRunBody, sdkCall, sdkExperimentKey, sdkUpload, type SdkPart } from './clientlib-sdk.ts';
import { TEST_ADMIN_KEY } from './harness.ts';

/** The folder of what the real SDK (comet_ml 3.54.0) logged for each kind of media (copied from the specs' `fixtures/sdk-media/` into `server/test/fixtures/`). */
export const SDK_MEDIA_DIR = fileURLToPath(new URL('../fixtures/sdk-media/', import.meta.url));

/** One entry of the fixture's `asset-list.json`: what the service listed for the SDK's run. */
export interface SdkMediaAsset {
  type: string;
  fileName: string;
  step: number | null;
  metadata: string | null;
  fileSize: number;
}

/** Who replays: the service's address, the key scripts use, and the workspace the run goes into. */
export interface ReplayTarget {
  url: string;
  apiKey?: string;
  workspace?: string;
}

/** The fixture file that holds the bytes of one listed asset (the PNG and the fixture's video are shared across steps). */
function fixtureFile(asset: SdkMediaAsset): string | undefined {
  switch (asset.type) {
    case 'image':
      return 'image-sample-step0.png';
    case 'histogram3d':
      return `histogram3d-${asset.fileName}-step${asset.step}.json`;
    case 'confusion-matrix':
      return `confusion-matrix-step${asset.step}.json`;
    case 'curve':
      return `curve-${asset.fileName}-step${asset.step}.json`;
    case 'text-sample':
      return `text-sample-step${asset.step}.txt`;
    case 'audio':
      return `audio-tone-step${asset.step}.wav`;
    case 'asset':
      return asset.fileName;
    default:
      return undefined;
  }
}

/** The asset list the real SDK's run had (what a replay must reproduce). */
export async function sdkMediaAssets(): Promise<SdkMediaAsset[]> {
  return JSON.parse(await readFile(`${SDK_MEDIA_DIR}asset-list.json`, 'utf8')) as SdkMediaAsset[];
}

/** The bytes the SDK sent for one listed asset (the video, random bytes in the capture, is made up of as many). */
export async function sdkMediaBytes(asset: SdkMediaAsset): Promise<Buffer> {
  if (asset.type === 'video') return randomBytes(asset.fileSize);
  const file = fixtureFile(asset);
  if (!file) throw new Error(`No fixture file for a ${asset.type} asset`);
  return readFile(`${SDK_MEDIA_DIR}${file}`);
}

/** The upload the SDK makes for one asset (clients.md B.7): images through `visualizations/upload`, the rest through `asset/upload`. */
function uploadOf(asset: SdkMediaAsset, experimentKey: string, apiKey: string, bytes: Buffer): { path: string; query: Record<string, unknown>; parts: SdkPart[] } {
  const common = { experimentId: experimentKey, apiKey, runId: randomBytes(16).toString('hex'), overwrite: 'False', ...(asset.step === null ? {} : { step: asset.step }) };
  const parts: SdkPart[] = [{ name: 'file', value: bytes, filename: 'file' }];
  if (asset.metadata) parts.push({ name: 'metadata', value: asset.metadata, filename: 'metadata' });
  const assetId = randomBytes(16).toString('hex');
  if (asset.type === 'image') return { path: 'visualizations/upload', query: { ...common, imageId: assetId, figName: asset.fileName, figCounter: asset.step ?? 0, extension: 'png' }, parts };
  const extension = asset.fileName.includes('.') ? asset.fileName.split('.').pop() : undefined;
  const fileName = asset.type === 'text-sample' ? 'auto-generated-in-the-backend' : asset.fileName;
  const type = asset.type === 'asset' ? undefined : asset.type;
  return { path: 'asset/upload', query: { ...common, assetId, fileName, ...(extension ? { extension } : {}), ...(type ? { type } : {}) }, parts };
}

/**
 * Replays the real SDK's media run into a service, as `comet_ml` sends it: the handshake into `projectName`, then
 * every asset of the fixture's list (source code aside) through `/clientlib/…`. Answers the new run's key.
 */
export async function replaySdkMedia(target: ReplayTarget, projectName: string, only?: (asset: SdkMediaAsset) => boolean): Promise<string> {
  const apiKey = target.apiKey ?? TEST_ADMIN_KEY;
  const experimentKey = sdkExperimentKey();
  const started = await sdkCall(target.url, { path: 'logger/add/run', body: { ...addRunBody(experimentKey, projectName, target.workspace ?? null), apiKey }, experimentKey, key: apiKey });
  if (started.status !== 200) throw new Error(`logger/add/run answered ${started.status}: ${JSON.stringify(started.json)}`);
  for (const asset of await sdkMediaAssets()) {
    if (asset.type === 'source_code' || (only && !only(asset))) continue;
    const upload = uploadOf(asset, experimentKey, apiKey, await sdkMediaBytes(asset));
    const reply = await sdkUpload(target.url, { ...upload, experimentKey, key: apiKey });
    if (reply.status !== 200) throw new Error(`${upload.path} (${asset.type} ${asset.fileName}) answered ${reply.status}: ${JSON.stringify(reply.json)}`);
  }
  return experimentKey;
}
