import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { writeFailure } from '../files/write-failure.ts';
import { AppError } from '../ipc/app-error.ts';
import { errorFromAnswer } from './reply.ts';
import { buildUrl, checkRequest, endpointNamed } from './request.ts';
import { baseHeaders, type ClientOptions, type ServiceTarget } from './target.ts';
import { failure, Watchdog } from './transport.ts';

/** One download of a binary endpoint into a file. */
export interface DownloadRequest {
  query: Record<string, unknown>;
  filePath: string;
  signal?: AbortSignal | undefined;
  /** Called with the bytes received so far and the length the server announced (if any). */
  onProgress?: ((received: number, total: number | undefined) => void) | undefined;
}

/** Streams a binary endpoint's bytes into a temporary file beside `filePath`, renamed into place when complete. */
export async function downloadFile(target: ServiceTarget, name: string, request: DownloadRequest, options: ClientOptions): Promise<{ bytes: number }> {
  const endpoint = endpointNamed(name, { bodyKinds: ['none'], replyKind: 'binary' });
  checkRequest(name, endpoint, { query: request.query });
  const url = buildUrl(target.baseUrl, endpoint, request.query);
  const watchdog = new Watchdog(options.transferIdleMs);
  const signal = AbortSignal.any([watchdog.signal, ...(request.signal ? [request.signal] : [])]);
  const policy = { timeoutMs: options.transferIdleMs, signal: request.signal };
  const temp = join(dirname(request.filePath), `.${basename(request.filePath)}.${randomBytes(6).toString('hex')}.part`);
  try {
    const response = await fetch(url, { method: endpoint.method, headers: baseHeaders(target), signal });
    if (response.status >= 400 || !response.body) throw errorFromAnswer({ status: response.status, text: await response.text() }, url);
    const announced = Number(response.headers.get('content-length'));
    const total = Number.isFinite(announced) && announced > 0 ? announced : undefined;
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.byteLength;
        watchdog.touch();
        request.onProgress?.(received, total);
        done(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream), counter, createWriteStream(temp, { mode: 0o600 }), { signal });
    await rename(temp, request.filePath);
    return { bytes: received };
  } catch (error) {
    await rm(temp, { force: true });
    if (error instanceof AppError) throw error;
    if ((error as NodeJS.ErrnoException).syscall === 'open') throw writeFailure(request.filePath, error);
    throw failure(error, url, policy, watchdog.signal);
  } finally {
    watchdog.stop();
  }
}
