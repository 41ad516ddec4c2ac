import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { PREVIEW_SIZES, type PreviewSize } from '../../../shared/api/assets.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import { makeImagePreview } from './image-preview.ts';
import { createPreviewCache, type CachedPreview } from './preview-cache.ts';

/** Changes whenever the previews' look changes (format, quality, resizing), so that cached ones are made again. */
const PREVIEW_VERSION = 'webp-q80-v1';
/** The size made ahead after an upload: the one the run page's gallery and the analysis view's images open on. */
const AHEAD_SIZE: PreviewSize = 256;
/** The most uploaded images waiting for their preview to be made ahead; past it, an image's preview is made when first asked for. */
const AHEAD_QUEUE_LIMIT = 10_000;

/** Whether the preview maker takes an asset: a logged image, or any file with an image content type. */
export const isPreviewable = (asset: { type: string; contentType: string }): boolean => asset.type === 'image' || asset.contentType.startsWith('image/');

/** The service's image previews, cached in `<dataDir>/previews`, made once, on first request or ahead after an upload. */
export interface ImagePreviews {
  /**
   * The cache key and strong ETag of a blob's preview: a digest of the blob's name (written once, never changed: an
   * overwrite stores a new blob), the size and the maker's version. So an overwritten asset never answers an old preview.
   */
  keyOf(blob: string, size: PreviewSize): string;
  /** The preview of a blob at `size`, made now when not cached (a 422 "Cannot display this image" when it cannot be). */
  get(blob: string, size: PreviewSize): Promise<CachedPreview>;
  /** Queues a just uploaded image's gallery preview, made when no preview someone waits for needs the maker. */
  makeAhead(blob: string): void;
  /** Removes a blob's cached previews at every size (its last asset is deleted). */
  forget(blob: string): Promise<void>;
  /** Drops the queue of previews to make ahead and waits for the one being made. */
  close(): Promise<void>;
}

/** The previews of images in `blobs`, cached under `dataDir`. */
export function createImagePreviews(dataDir: string, blobs: BlobStore): ImagePreviews {
  const cache = createPreviewCache(join(dataDir, 'previews'));
  const keyOf = (blob: string, size: PreviewSize) => createHash('sha256').update(`${PREVIEW_VERSION}:${blob}:${size}`).digest('hex').slice(0, 40);
  const make = (blob: string, size: PreviewSize) => async () => makeImagePreview({ size: await blobs.size(blob), read: (range) => blobs.read(blob, range) }, size);
  const queue: string[] = [];
  let draining: Promise<void> | undefined;

  const drain = async () => {
    for (let blob = queue.shift(); blob !== undefined; blob = queue.shift()) {
      // A refused or vanished image is answered with its reason when someone asks for it; nothing to do ahead.
      await cache.get(keyOf(blob, AHEAD_SIZE), make(blob, AHEAD_SIZE), { ahead: true }).catch(() => undefined);
      // An image deleted while its preview was being made: the collector's removal may have come first.
      await blobs.size(blob).catch(() => cache.remove([keyOf(blob, AHEAD_SIZE)]));
    }
  };

  return {
    keyOf,
    get: (blob, size) => cache.get(keyOf(blob, size), make(blob, size)),
    makeAhead(blob) {
      if (queue.length >= AHEAD_QUEUE_LIMIT) return;
      queue.push(blob);
      draining ??= drain().finally(() => (draining = undefined));
    },
    forget: (blob) => cache.remove(PREVIEW_SIZES.map((size) => keyOf(blob, size))),
    async close() {
      queue.length = 0;
      await draining;
    },
  };
}
