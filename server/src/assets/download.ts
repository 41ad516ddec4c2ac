import type { FastifyReply } from 'fastify';
import { SdkError } from '../../../shared/api/index.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import { ApiError } from '../http/api-error.ts';

/** A byte range to send (inclusive end). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a `Range` header for a file of `size` bytes: one range of the bytes unit (`a-b`, `a-`, `-n`).
 * Returns undefined when the whole file should be sent (no header, another unit, several ranges),
 * and throws 416 when the range cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  let range: ByteRange | undefined;
  if (first === '' && last !== '') {
    const suffix = Number(last);
    if (suffix > 0 && size > 0) range = { start: Math.max(0, size - suffix), end: size - 1 };
  } else if (first !== '') {
    const start = Number(first);
    const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (start < size && start <= end) range = { start, end };
  }
  if (!range) {
    throw new ApiError(416, SdkError.validation, `The range "${header}" is outside the file (${size} bytes).`, { 'Content-Range': `bytes */${size}` });
  }
  return range;
}

/** `attachment; filename=...` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const base = fileName.split('/').pop() || 'download';
  const ascii = base.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}

/** Streams a blob as a download, honouring a single `Range`. */
export async function sendBlob(
  reply: FastifyReply,
  blobs: BlobStore,
  file: { blob: string; fileName: string; contentType: string },
  rangeHeader: string | undefined,
): Promise<FastifyReply> {
  const size = await blobs.size(file.blob);
  const range = parseRange(rangeHeader, size);
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes');
  if (!range) return reply.code(200).header('Content-Length', size).send(blobs.read(file.blob));
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(blobs.read(file.blob, range));
}
