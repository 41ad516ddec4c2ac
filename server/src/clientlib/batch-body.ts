import { gunzipSync, inflateSync } from 'node:zlib';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { fullPath, type Endpoint } from '../../../shared/api/index.ts';
import type { JsonBodyParser } from '../http/json-body.ts';
import { createBatchDecoder, type BodyEncoding } from './batch-decoder.ts';

/** The endpoints whose bodies are decompressed and parsed on decoding threads: the SDK's metric and parameter batches. */
export const THREAD_DECODED_ENDPOINTS: readonly string[] = ['clientlibMetricBatch', 'clientlibParameterBatch'];

/** Whether a request goes to one of `endpoints`' routes (their bodies are left encoded for installBatchBodyDecoding). */
export function routedTo(endpoints: readonly Endpoint[]): (request: FastifyRequest) => boolean {
  const urls = new Set(endpoints.flatMap((endpoint) => [fullPath(endpoint), ...endpoint.aliases]));
  return (request) => urls.has(request.routeOptions.url ?? '');
}

/** The encoding of a body the request decompression hook left encoded (it refused any other with 415). */
const encodingOf = (request: FastifyRequest): BodyEncoding => {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  return encoding === 'gzip' || encoding === 'deflate' ? encoding : 'identity';
};

/** Reads a body on this thread, as the service reads every other one: the same refusals, with the same status and words. */
function readHere(request: FastifyRequest, body: Buffer, encoding: BodyEncoding, limit: number, parseJson: JsonBodyParser): Promise<unknown> {
  let bytes = body;
  if (encoding !== 'identity') {
    try {
      bytes = (encoding === 'gzip' ? gunzipSync : inflateSync)(body, { maxOutputLength: limit });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
      // As Fastify marks a body stream's failure: a client's mistake.
      throw Object.assign(error as Error, { statusCode: 400 });
    }
  }
  return new Promise((resolve, reject) => parseJson(request, bytes.toString('utf8'), (error, value) => (error ? reject(error) : resolve(value))));
}

/**
 * Makes `scope`'s JSON bodies (its routes' requests must be left encoded by the request decompression hook) decompressed
 * and parsed on decoding threads, so the main thread spends its time storing. A body off the common path (see
 * batch-decode-source.ts) is read on the main thread with `parseJson`, as before. The threads stop with the scope.
 */
export function installBatchBodyDecoding(scope: FastifyInstance, parseJson: JsonBodyParser): void {
  const decoder = createBatchDecoder();
  scope.addHook('onClose', () => decoder.close());
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, async (request: FastifyRequest, body: Buffer) => {
    const encoding = encodingOf(request);
    const limit = request.routeOptions.bodyLimit ?? scope.initialConfig.bodyLimit ?? Infinity;
    const decoded = await decoder.decode(body, encoding, limit);
    return decoded ?? readHere(request, body, encoding, limit, parseJson);
  });
}
