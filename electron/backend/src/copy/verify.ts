import { assetChecksum, copiedAssetId } from './assets.ts';
import type { CopyContext, SourceSnapshot } from './context.ts';
import { seriesLength } from './metrics.ts';

/** What the check needs beyond the copy context: the source's base address (asset ids) and the source checksums recorded while copying. */
export interface VerifyInput {
  sourceBaseUrl: string;
  /** Source asset id → SHA-256 of its bytes as copied. */
  checksums: Record<string, string>;
  /** Metric name → the source's number of points, as read while copying. */
  points: Record<string, string>;
  /** The tag the copy added to the source (not expected on the target). */
  ownTag: string;
}

const missing = (from: string[], within: string[]) => from.filter((name) => !within.includes(name));

/**
 * Checks a copy against its source by reads on both sides: points per metric, parameter, other and tag names, the
 * assets, and each asset's SHA-256. Answers what differs (empty when everything matches).
 */
export async function verifyCopy(ctx: CopyContext, snapshot: SourceSnapshot, input: VerifyInput): Promise<string[]> {
  const options = { signal: ctx.signal };
  const query = { experimentKey: ctx.targetKey };
  const problems: string[] = [];
  for (const name of snapshot.metricNames) {
    const counted = input.points[name];
    const [source, target] = await Promise.all([
      counted === undefined ? seriesLength(ctx.source, ctx.sourceKey, name, ctx.signal) : Number(counted),
      seriesLength(ctx.target, ctx.targetKey, name, ctx.signal),
    ]);
    if (source !== target) problems.push(`Metric "${name}": ${source} points on the source, ${target} on the copy.`);
  }
  const [parameters, others, tags, assets] = await Promise.all([
    ctx.target.call('getParameters', { query }, options),
    ctx.target.call('getOthers', { query }, options),
    ctx.target.call('getTags', { query }, options),
    ctx.target.call('listAssets', { query }, options),
  ]);
  const lacking = (what: string, names: string[]) => names.length > 0 && problems.push(`${what} missing on the copy: ${names.join(', ')}.`);
  lacking('Parameters', missing(snapshot.parameters.map((p) => p.name), parameters.values.map((p) => p.name)));
  lacking('Others', missing(snapshot.others.map((o) => o.name), others.values.map((o) => o.name)));
  lacking('Tags', missing(snapshot.tags.filter((t) => t !== input.ownTag), tags.tags));
  for (const asset of snapshot.assets) {
    const id = copiedAssetId(input.sourceBaseUrl, ctx.sourceKey, asset.assetId, ctx.targetKey);
    const copy = assets.assets.find((a) => (asset.remote ? a.remote && a.link === asset.link && a.fileName === asset.fileName : a.assetId === id));
    if (!copy) {
      problems.push(`Asset "${asset.fileName}" is missing on the copy.`);
    } else if (!asset.remote) {
      const expected = input.checksums[asset.assetId] ?? (await assetChecksum(ctx.source, ctx.sourceKey, asset.assetId, ctx.stagingDir, ctx.signal));
      const actual = await assetChecksum(ctx.target, ctx.targetKey, id, ctx.stagingDir, ctx.signal);
      if (copy.fileSize !== asset.fileSize || actual !== expected) problems.push(`Asset "${asset.fileName}": its bytes differ on the copy (size or SHA-256).`);
    }
  }
  return problems;
}
