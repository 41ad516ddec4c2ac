import type { PreviewSize } from '../../../../../shared/api/assets.ts';
import { IpcErrorCode } from '../../../../../shared/ipc/define.ts';
import { BridgeError, invoke } from '../../../bridge.ts';

/** The most bytes one preview may have (a 1024 px WebP is well under it). */
const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
/** Previews per backend call: a gallery's or a 50-run panel's first images in two or three calls that run side by side. */
const PREVIEWS_PER_CALL = 24;

/** An image read through the backend: a data: URL and how many bytes it took. */
export interface LoadedImage {
  dataUrl: string;
  bytes: number;
}

/** Which image asset to show, and at which preview size. */
export interface ThumbnailTarget {
  experimentKey: string;
  assetId: string;
  size: PreviewSize;
}

interface Waiting {
  target: ThumbnailTarget;
  resolve(image: LoadedImage): void;
  reject(error: unknown): void;
}

/** Previews asked for since the last flush, by connection. */
const waiting = new Map<string, Waiting[]>();
let flushScheduled = false;

/**
 * Decodes a preview before its image is shown (a read ahead is then painted as soon as the slider reaches it; the browser
 * keeps the decoded image for the same data: URL). An image the browser cannot decode is left to the `<img>` to report.
 */
async function decoded(image: LoadedImage): Promise<LoadedImage> {
  if (typeof Image === 'undefined') return image;
  const element = new Image();
  element.src = image.dataUrl;
  if (typeof element.decode === 'function') await element.decode().catch(() => undefined);
  return image;
}

/** Sends one call's previews and settles each with its own answer (one refused preview fails only its own image). */
async function send(profileId: string, batch: readonly Waiting[]): Promise<void> {
  try {
    const queries = batch.map(({ target }) => ({ experimentKey: target.experimentKey, assetId: target.assetId, size: target.size }));
    const { items } = await invoke('transfers.previewMany', { endpoint: 'assetPreview', queries, maxBytes: THUMBNAIL_MAX_BYTES, profileId });
    batch.forEach((one, index) => {
      const item = items[index];
      if (item?.ok) void decoded({ dataUrl: item.dataUrl, bytes: item.bytes }).then(one.resolve);
      else {
        const code = IpcErrorCode.safeParse(item?.code);
        one.reject(new BridgeError({ code: code.success ? code.data : 'internal', message: item?.message ?? 'The backend gave no answer for this image.' }));
      }
    });
  } catch (error) {
    for (const one of batch) one.reject(error);
  }
}

/** Sends everything asked for since the last flush, a call per `PREVIEWS_PER_CALL` previews. */
function flush(): void {
  flushScheduled = false;
  for (const [profileId, list] of waiting) {
    waiting.delete(profileId);
    for (let start = 0; start < list.length; start += PREVIEWS_PER_CALL) void send(profileId, list.slice(start, start + PREVIEWS_PER_CALL));
  }
}

/**
 * The service's preview of an image (`ext.assetPreview`), read through the backend. The previews asked for in one task (a
 * gallery's first cards, a panel's runs, the next steps read ahead) share a few `transfers.previewMany` calls: the page then
 * waits on a few replies and renders once for them, instead of once per image.
 */
export function readThumbnail(profileId: string, target: ThumbnailTarget): Promise<LoadedImage> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(profileId) ?? [];
    list.push({ target, resolve, reject });
    waiting.set(profileId, list);
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(flush, 0);
    }
  });
}
