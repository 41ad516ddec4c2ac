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

/**
 * Copies one asset with its name, type, step, epoch, context, metadata and tags: bytes streamed through a staging file
 * (never held in memory), remote ones registered by their link. Answers the source bytes' SHA-256 ('' for a remote asset).
 */
export async function copyAsset(ctx: CopyContext, asset: AssetRecord, targetAssetId: string, onBytes?: (bytes: number) => void): Promise<string> {
  const experimentKey = ctx.targetKey;
  const options = { signal: ctx.signal };
  const placement = { step: asset.step ?? undefined, context: asset.runContext ?? undefined };
  if (asset.remote) {
    const remoteAssets = [{ link: asset.link, fileName: asset.fileName, type: asset.type, metadata: asset.metadata ?? undefined, assetId: targetAssetId, ...placement }];
    await ctx.target.call('uploadRemoteAssets', { body: { experimentKey, remoteAssets } }, options);
  } else {
    const path = join(ctx.stagingDir, `${targetAssetId}-${process.pid}`);
    try {
      await ctx.source.download('downloadAsset', { query: { experimentKey: ctx.sourceKey, assetId: asset.assetId }, filePath: path, signal: ctx.signal });
      const sha = await fileSha256(path);
      const query = {
        experimentKey,
        assetId: targetAssetId,
        fileName: asset.fileName,
        type: asset.type,
        ...placement,
        ...(asset.epoch === null ? {} : { epoch: asset.epoch }),
        ...(asset.groupingName === null ? {} : { groupingName: asset.groupingName }),
      };
      await ctx.target.upload('uploadAsset', { query, filePath: path, fields: asset.metadata === null ? {} : { metadata: asset.metadata }, signal: ctx.signal });
      onBytes?.(asset.fileSize);
      await tagAsset(ctx, asset, targetAssetId);
      return sha;
    } finally {
      await rm(path, { force: true });
    }
  }
  await tagAsset(ctx, asset, targetAssetId);
  return '';
}

async function tagAsset(ctx: CopyContext, asset: AssetRecord, targetAssetId: string): Promise<void> {
  if (asset.tags.length === 0) return;
  await ctx.target.call('addAssetTags', { body: { experimentKey: ctx.targetKey, assetId: targetAssetId, tags: asset.tags } }, { signal: ctx.signal });
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
