import { AppError } from '../ipc/app-error.ts';
import { cancelledError } from './errors.ts';
import { errorFromAnswer } from './reply.ts';
import { buildUrl, checkRequest, endpointNamed } from './request.ts';
import { baseHeaders, type ClientOptions, type ServiceTarget } from './target.ts';
import { failure } from './transport.ts';

/** One read of a binary endpoint (e.g. `downloadAsset`) whose bytes the caller consumes as they arrive. */
interface BinaryRequest {
  query: Record<string, unknown>;
  signal?: AbortSignal | undefined;
}

/** A binary answer whose body has not been read yet. */
export interface OpenedBinary {
  contentType: string;
  /** The length the server announced, if any. */
  contentLength: number | undefined;
  body: ReadableStream<Uint8Array>;
}

/**
 * Opens a binary endpoint and answers once its headers arrived (within the call time limit); the body is left to the
 * caller. Redirects are not followed: a remote asset's address is not ours to fetch with the key.
 */
export async function openBinary(target: ServiceTarget, name: string, request: BinaryRequest, options: ClientOptions): Promise<OpenedBinary> {
  const endpoint = endpointNamed(name, { bodyKinds: ['none'], replyKind: 'binary' });
  checkRequest(name, endpoint, { query: request.query });
  const url = buildUrl(target.baseUrl, endpoint, request.query);
  const headersTimeout = new AbortController();
  const timer = setTimeout(() => headersTimeout.abort(new Error('timeout')), options.timeoutMs);
  const policy = { timeoutMs: options.timeoutMs, signal: request.signal };
  try {
    const signal = AbortSignal.any([headersTimeout.signal, ...(request.signal ? [request.signal] : [])]);
    const response = await fetch(url, { method: endpoint.method, headers: baseHeaders(target), signal, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location') ?? 'another address';
      throw new AppError('unsupported', `These bytes are stored elsewhere (${location}); Trackdesk does not fetch remote assets.`);
    }
    if (response.status >= 400 || !response.body) throw errorFromAnswer({ status: response.status, text: await response.text() }, url);
    const announced = Number(response.headers.get('content-length'));
    return {
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      contentLength: response.headers.has('content-length') && Number.isFinite(announced) ? announced : undefined,
      body: response.body,
    };
  } catch (error) {
    throw failure(error, url, policy, headersTimeout.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a binary endpoint whole, refusing one larger than `maxBytes` (announced or counted) with `too_large`. */
export async function readBinary(
  target: ServiceTarget,
  name: string,
  request: BinaryRequest & { maxBytes: number },
  options: ClientOptions,
): Promise<{ contentType: string; bytes: Buffer }> {
  const opened = await openBinary(target, name, request, options);
  const tooLarge = () => new AppError('too_large', `It is larger than ${request.maxBytes} bytes.`);
  if (opened.contentLength !== undefined && opened.contentLength > request.maxBytes) {
    await opened.body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of opened.body) {
      size += chunk.byteLength;
      if (size > request.maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw request.signal?.aborted ? cancelledError() : new AppError('unreachable', 'The service stopped sending the bytes midway: check the connection and try again.');
  }
  return { contentType: opened.contentType, bytes: Buffer.concat(chunks) };
}
