import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ApiReply } from '../../../../shared/ipc/index.ts';
import type { ServiceClient } from '../client/service-client.ts';
import type { CopyContext } from './context.ts';

/** An asset as the list read returns it. */
export type AssetRecord = ApiReply<'listAssets'>['assets'][number];

/** The id the copy of an asset gets on the target: the same for every attempt, so an upload sent again replaces, never adds. */
export function copiedAssetId(sourceBaseUrl: string, sourceKey: string, assetId: string, targetKey: string): string {
  return createHash('sha256').update(`${sourceBaseUrl}\n${sourceKey}\n${assetId}\n${targetKey}`).digest('hex').slice(0, 32);
}

/** The SHA-256 of a file, read as a stream. */
async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Streams an asset's bytes into a staging file and answers their SHA-256 (the file is removed afterwards). */
export async function assetChecksum(client: ServiceClient, experimentKey: string, assetId: string, stagingDir: string, signal: AbortSignal): Promise<string> {
  const path = join(stagingDir, `${assetId}-${process.pid}-check`);
  try {
    await client.download('downloadAsset', { query: { experimentKey, assetId }, filePath: path, signal });
    return await fileSha256(path);
  } finally {
    await rm(path, { force: true });
  }
}

/** The copy of a remote asset on the target (same link and name), if an earlier attempt registered it. */
export async function remoteCopyOf(target: ServiceClient, experimentKey: string, asset: AssetRecord, signal: AbortSignal): Promise<AssetRecord | undefined> {
  const { assets } = await target.call('listAssets', { query: { experimentKey } }, { signal });
  return assets.find((copy) => copy.remote && copy.link === asset.link && copy.fileName === asset.fileName);
}

/** Registers a remote asset by its link (E46; the v2 API's way for remote assets) and answers its id on the target. */
async function copyRemote(ctx: CopyContext, asset: AssetRecord): Promise<string> {
  const found = await remoteCopyOf(ctx.target, ctx.targetKey, asset, ctx.signal);
  if (found) return found.assetId;
  const remoteAssets = [{ link: asset.link, fileName: asset.fileName, type: asset.type, metadata: asset.metadata ?? undefined, step: asset.step ?? undefined, context: asset.runContext ?? undefined }];
  const { assetIds } = await ctx.target.call('uploadRemoteAssets', { body: { experimentKey: ctx.targetKey, remoteAssets } }, { signal: ctx.signal });
  return assetIds[0] ?? '';
}

/** Streams an asset's bytes from the source to the target through a staging file (never held in memory); answers their SHA-256. */
async function copyBytes(ctx: CopyContext, asset: AssetRecord, targetAssetId: string): Promise<string> {
  const path = join(ctx.stagingDir, `${targetAssetId}-${process.pid}`);
  try {
    await ctx.source.download('downloadAsset', { query: { experimentKey: ctx.sourceKey, assetId: asset.assetId }, filePath: path, signal: ctx.signal });
    const sha = await fileSha256(path);
    const query = {
      experimentKey: ctx.targetKey,
      assetId: targetAssetId,
      fileName: asset.fileName,
      type: asset.type,
      ...(asset.step === null ? {} : { step: asset.step }),
      ...(asset.epoch === null ? {} : { epoch: asset.epoch }),
      ...(asset.runContext === null ? {} : { context: asset.runContext }),
      ...(asset.groupingName === null ? {} : { groupingName: asset.groupingName }),
    };
    await ctx.target.upload('uploadAsset', { query, filePath: path, fields: asset.metadata === null ? {} : { metadata: asset.metadata }, signal: ctx.signal });
    return sha;
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * Copies one asset with its name, type, step, epoch, context, metadata and tags. An uploaded copy gets `targetAssetId`, so
 * an upload sent again replaces it. Answers the source bytes' SHA-256 ('' for a remote asset, which has no bytes here).
 */
export async function copyAsset(ctx: CopyContext, asset: AssetRecord, targetAssetId: string): Promise<string> {
  const [sha, copyId] = asset.remote ? ['', await copyRemote(ctx, asset)] : [await copyBytes(ctx, asset, targetAssetId), targetAssetId];
  if (asset.tags.length > 0) await ctx.target.call('addAssetTags', { body: { experimentKey: ctx.targetKey, assetId: copyId, tags: asset.tags } }, { signal: ctx.signal });
  return sha;
}

/** The git patch, when the source has one (a service without one answers a JSON message instead of bytes). */
export async function copyGitPatch(ctx: CopyContext): Promise<void> {
  const path = join(ctx.stagingDir, `${ctx.targetKey}-${process.pid}.patch`);
  try {
    const { bytes } = await ctx.source.download('downloadGitPatch', { query: { experimentKey: ctx.sourceKey }, filePath: path, signal: ctx.signal });
    if (bytes === 0 || (bytes < 200 && (await readFile(path, 'utf8')).includes('"No git patch"'))) return;
    await ctx.target.upload('uploadGitPatch', { query: { experimentKey: ctx.targetKey }, filePath: path, signal: ctx.signal });
  } finally {
    await rm(path, { force: true });
  }
}
