import type { ApiReply } from '../../lib/api.ts';

/** An asset as the list read answers it. */
export type AssetRecord = ApiReply<'listAssets'>['assets'][number];

/** True when the asset is an image with bytes in the service, which makes its previews (or says why it cannot). */
export function hasPreview(asset: AssetRecord): boolean {
  return asset.image && !asset.remote && asset.fileSize > 0;
}

/** Tags present on any of the assets, sorted, for "remove tag" choices. */
export function tagsOf(assets: readonly AssetRecord[]): string[] {
  return [...new Set(assets.flatMap((asset) => asset.tags))].sort((a, b) => a.localeCompare(b));
}

/** Tags as typed: trimmed, non-empty, without duplicates, at most 200 characters each (E48's limit). */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== '' && tag.length <= 200))];
}
