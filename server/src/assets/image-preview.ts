import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError } from '../http/api-error.ts';

/** The most pixels an image may declare to get a preview (100 megapixels): a decompression bomb is refused from its header. */
export const PREVIEW_PIXEL_LIMIT = 100_000_000;
/** The most bytes of a stored image the preview maker reads (the full file is still downloadable). */
export const PREVIEW_INPUT_LIMIT_BYTES = 64 * 1024 * 1024;
/** How many bytes of an image are read first to check the size its header declares. */
const HEADER_BYTES = 256 * 1024;
/** WebP quality of the previews (visually clean at thumbnail sizes, a few KiB each). */
const WEBP_QUALITY = 80;

/** Where the preview maker reads an image: its size and a reader of its bytes (optionally a range, inclusive end). */
export interface ImageSource {
  size: number;
  read(range?: { start: number; end: number }): Readable;
}

/** 422 with "cannot display" for an image the preview maker refuses. */
const cannotDisplay = (reason: string, sdkErrorCode: number = SdkError.validation) =>
  new ApiError(422, sdkErrorCode, `Cannot display this image: ${reason}`);

/** The 422 of an image whose declared size is over the pixel limit. */
const tooManyPixels = (width: number, height: number) =>
  cannotDisplay(`it declares ${width}×${height} pixels, over the preview limit of ${PREVIEW_PIXEL_LIMIT / 1_000_000} megapixels (download it instead).`, SdkError.tooLarge);

/** Reads a stream whole, refusing (422) more than `limit` bytes. */
async function collect(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    if (bytes > limit) {
      stream.destroy();
      throw cannotDisplay(`the file is over ${limit / 1024 / 1024} MiB, too large to preview (download it instead).`, SdkError.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Checks the size an image's first bytes declare: refuses one over the pixel limit before the rest is read. */
async function checkDeclaredSize(source: ImageSource): Promise<void> {
  const header = await collect(source.read({ start: 0, end: Math.min(source.size, HEADER_BYTES) - 1 }), HEADER_BYTES);
  let declared: { width?: number; height?: number };
  try {
    declared = await sharp(header, { limitInputPixels: false }).metadata();
  } catch (error) {
    // A header longer than the bytes read (large EXIF blocks) is checked again by the decoder itself.
    if (source.size <= HEADER_BYTES) throw cannotDisplay(`it is not an image the preview maker can read (${reasonOf(error)}).`);
    return;
  }
  const { width = 0, height = 0 } = declared;
  if (width * height > PREVIEW_PIXEL_LIMIT) throw tooManyPixels(width, height);
}

/** The decoder's reason in one line. */
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error)).trim();

/**
 * Makes a WebP preview of an image (PNG, JPEG, GIF's first frame, WebP, TIFF, AVIF, SVG rasterised), at most `size`
 * pixels on its long side, never enlarged, turned upright by its EXIF orientation. Refuses with 422 an image declaring
 * over 100 megapixels (from its first bytes, before reading the rest), a file over 64 MiB, and one that cannot be decoded.
 */
export async function makeImagePreview(source: ImageSource, size: number): Promise<Buffer> {
  if (source.size === 0) throw cannotDisplay('the file is empty.');
  await checkDeclaredSize(source);
  const bytes = await collect(source.read(), PREVIEW_INPUT_LIMIT_BYTES);
  try {
    return await sharp(bytes, { limitInputPixels: PREVIEW_PIXEL_LIMIT, failOn: 'error' })
      .autoOrient()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    const reason = reasonOf(error);
    if (/pixel limit/i.test(reason)) throw cannotDisplay(`it is over the preview limit of ${PREVIEW_PIXEL_LIMIT / 1_000_000} megapixels (download it instead).`, SdkError.tooLarge);
    throw cannotDisplay(`it could not be decoded (${reason}).`);
  }
}
