import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SdkError } from '../../../shared/api/index.ts';
import { BlobStoreUnavailableError, BlobTooLargeError, type BlobStore, type WrittenBlob } from '../blobs/blob-store.ts';
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

/** Reads a part sent as a file but meant as text (`metadata`, ...), refusing it as soon as it passes TEXT_PART_LIMIT. */
async function readTextPart(part: MultipartFile): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > TEXT_PART_LIMIT) throw badRequest(`The part "${part.fieldname}" is larger than ${TEXT_PART_LIMIT} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * After an upload is refused part-way, reads and drops the rest of the request body, so a client that
 * sends the whole body before reading the answer gets the error, and a kept-alive connection stays usable.
 */
function discardRestOf(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * A failure of the multipart parser (no boundary, a boundary the body never uses, a body cut off before
 * the closing boundary, malformed part headers) is the client's: 400 naming the problem.
 */
const malformedMultipart = (error: Error) =>
  badRequest(`The multipart/form-data body is malformed (${error.message}): send a body with the boundary of its Content-Type, ending with the closing boundary.`);

/**
 * Streams the multipart parts of a request: the part named `filePart` (default `file`) goes to a new blob, other parts
 * (`metadata`, `link`, ...) are read as text. On any failure the blob is removed, so an interrupted
 * or oversized upload leaves nothing behind. Errors raised by the parser (from the part iterator or a
 * part's stream) become 400; only the service's own failures (writing the blob) stay 500.
 */
export async function receiveUpload(request: FastifyRequest, blobs: BlobStore, limit: number, filePart = 'file'): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest(`Send the upload as multipart/form-data with the bytes in the part named "${filePart}".`);
  const received: ReceivedUpload = { fields: {} };
  const parserErrors = new WeakSet<Error>();
  const noteParserError = (error: Error) => parserErrors.add(error);
  /** The part being read: its stream may have failed before it reached us (the whole body had arrived while the handler waited for the database). */
  let current: MultipartFile | undefined;
  const fromParser = (error: Error) => parserErrors.has(error) || (current?.file as { errored?: unknown } | undefined)?.errored === error;
  try {
    const parts = request.parts({ limits: { fileSize: limit + 1, fieldSize: TEXT_PART_LIMIT } });
    for (;;) {
      const next = await parts.next().catch((error: Error) => {
        noteParserError(error);
        throw error;
      });
      if (next.done) break;
      const part = next.value;
      current = part.type === 'field' ? undefined : part;
      if (part.type === 'field') {
        // The parser cuts a field at TEXT_PART_LIMIT and says so: refused like a text part sent as a file, never kept cut.
        if (part.valueTruncated) throw badRequest(`The part "${part.fieldname}" is larger than ${TEXT_PART_LIMIT} bytes.`);
        received.fields[part.fieldname] = String(part.value);
        continue;
      }
      part.file.on('error', noteParserError);
      if (part.fieldname !== filePart) {
        received.fields[part.fieldname] = await readTextPart(part);
        continue;
      }
      if (received.file) throw badRequest(`Send one part named "${filePart}", not several.`);
      const written = await blobs.write(part.file, limit);
      received.file = { ...written, fileName: part.filename, mimetype: part.mimetype };
    }
  } catch (error) {
    discardRestOf(request);
    if (received.file) await blobs.remove(received.file.blob);
    if (error instanceof BlobTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limit);
    if (error instanceof BlobStoreUnavailableError) throw new ApiError(503, SdkError.internal, error.message);
    if (error instanceof ApiError || !(error instanceof Error)) throw error;
    if (fromParser(error) && !(error as { statusCode?: number }).statusCode) throw malformedMultipart(error);
    throw error;
  }
  return received;
}
