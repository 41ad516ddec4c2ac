import type { ApiReply } from '../../lib/api.ts';

/** An asset as the list read answers it. */
export type AssetRecord = ApiReply<'listAssets'>['assets'][number];

/** Largest image shown as a preview (read whole through the backend). */
export const PREVIEW_MAX_BYTES = 2 * 1024 * 1024;

/** True when the asset's bytes can be shown as an image preview. */
export function hasPreview(asset: AssetRecord): boolean {
  return asset.image && !asset.remote && asset.fileSize > 0 && asset.fileSize <= PREVIEW_MAX_BYTES;
}

/** Tags present on any of the assets, sorted, for "remove tag" choices. */
export function tagsOf(assets: readonly AssetRecord[]): string[] {
  return [...new Set(assets.flatMap((asset) => asset.tags))].sort((a, b) => a.localeCompare(b));
}

/** Tags as typed: trimmed, non-empty, without duplicates, at most 200 characters each (E48's limit). */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== '' && tag.length <= 200))];
}
