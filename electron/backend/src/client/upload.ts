import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../ipc/app-error.ts';
import { multipartFromFile } from './multipart.ts';
import { replyFromAnswer } from './reply.ts';
import { buildUrl, checkRequest, endpointNamed } from './request.ts';
import { sendStream } from './stream-request.ts';
import { baseHeaders, type ClientOptions, type ServiceTarget } from './target.ts';
import { failure, Watchdog } from './transport.ts';

/** Bytes that arrive as a stream instead of a file on disk (the browser shell's upload route): their exact size and name. */
export interface UploadStream {
  body: AsyncIterable<Uint8Array>;
  size: number;
  fileName: string;
}

/** One file upload to a multipart endpoint: the file on disk at `filePath`, or the bytes of `stream`. */
export type UploadRequest = ({ filePath: string; stream?: undefined } | { stream: UploadStream; filePath?: undefined }) & {
  query: Record<string, unknown>;
  /** Text parts sent before the file (e.g. `metadata`). */
  fields?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  /** Called with the file bytes sent so far and the file size. */
  onProgress?: ((sent: number, total: number) => void) | undefined;
};

/** The size of a regular file, or a clear error. */
async function fileSize(filePath: string): Promise<number> {
  try {
    const info = await stat(filePath);
    if (!info.isFile()) throw new AppError('invalid_input', `${filePath} is not a file: choose a file, not a folder.`);
    return info.size;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('not_found', `There is no readable file at ${filePath}: check that it still exists and that you may read it, then choose it again.`);
  }
}

/** Streams a file (from disk or a stream) to a multipart endpoint as part `file` (the exact length is sent up front) and answers its reply. */
export async function uploadFile(target: ServiceTarget, name: string, request: UploadRequest, options: ClientOptions): Promise<unknown> {
  const endpoint = endpointNamed(name, { bodyKinds: ['multipart'], replyKind: 'json' });
  const size = request.stream ? request.stream.size : await fileSize(request.filePath);
  const fileName = request.stream ? request.stream.fileName : basename(request.filePath);
  const query = { fileName, ...request.query };
  checkRequest(name, endpoint, { query }, false);
  const url = buildUrl(target.baseUrl, endpoint, query);
  const watchdog = new Watchdog(options.transferIdleMs);
  const form = multipartFromFile({
    fields: request.fields ?? {},
    fileField: 'file',
    fileName,
    ...(request.stream ? { fileStream: request.stream.body } : { filePath: request.filePath }),
    fileSize: size,
    onFileBytes: (sent) => {
      watchdog.touch();
      request.onProgress?.(sent, size);
    },
  });
  let bodyError: unknown;
  const body = (async function* guarded() {
    try {
      yield* form.body;
    } catch (error) {
      bodyError = error;
      throw error;
    }
  })();
  const signal = AbortSignal.any([watchdog.signal, ...(request.signal ? [request.signal] : [])]);
  try {
    const answer = await sendStream(url, {
      method: endpoint.method,
      headers: { ...baseHeaders(target), 'content-type': form.contentType, 'content-length': String(form.length), accept: 'application/json' },
      body,
      signal,
    });
    return replyFromAnswer(endpoint, answer, url);
  } catch (error) {
    if (bodyError instanceof Error && !signal.aborted) throw new AppError('invalid_input', bodyError.message);
    throw failure(error, url, { timeoutMs: options.transferIdleMs, signal: request.signal }, watchdog.signal);
  } finally {
    watchdog.stop();
  }
}
