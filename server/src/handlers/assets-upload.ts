import type { FastifyRequest } from 'fastify';
import { SdkError } from '../../../shared/api/index.ts';
import { BlobTooLargeError, type BlobStore, type WrittenBlob } from '../blobs.ts';
import { ApiError, badRequest } from '../http/api-error.ts';

/** What a multipart upload carried: the bytes of part `file` (already on disk) and the text parts. */
export interface ReceivedUpload {
  file?: WrittenBlob & { fileName: string; mimetype: string };
  fields: Record<string, string>;
}

const TEXT_PART_LIMIT = 1024 * 1024;

/** Turns a size-limit failure (ours or the multipart plugin's) into 413. */
const tooLarge = (limit: number) =>
  new ApiError(413, SdkError.tooLarge, `The uploaded file is larger than this service accepts (${limit} bytes).`);

/**
 * Streams the multipart parts of a request: the part named `file` goes to a new blob, other parts
 * (`metadata`, `link`, ...) are read as text. On any failure the blob is removed, so an interrupted
 * or oversized upload leaves nothing behind.
 */
export async function receiveUpload(request: FastifyRequest, blobs: BlobStore, limit: number): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('Send the upload as multipart/form-data with the bytes in the part named "file".');
  const received: ReceivedUpload = { fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: limit + 1, fieldSize: TEXT_PART_LIMIT } })) {
      if (part.type === 'field') {
        received.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        const text = await part.toBuffer();
        if (text.length > TEXT_PART_LIMIT) throw badRequest(`The part "${part.fieldname}" is larger than ${TEXT_PART_LIMIT} bytes.`);
        received.fields[part.fieldname] = text.toString('utf8');
        continue;
      }
      if (received.file) throw badRequest('Send one part named "file", not several.');
      const written = await blobs.write(part.file, limit);
      received.file = { ...written, fileName: part.filename, mimetype: part.mimetype };
    }
  } catch (error) {
    if (received.file) await blobs.remove(received.file.blob);
    if (error instanceof BlobTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limit);
    throw error;
  }
  return received;
}
