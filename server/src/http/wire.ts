import { createGunzip, createInflate } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError } from './api-error.ts';

/**
 * JSON replies carry exactly `application/json` (Fastify appends `; charset=utf-8`, which the Python SDK
 * rejects: compat.md §1).
 */
export function installExactJsonContentType(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) reply.header('content-type', 'application/json');
    done(null, payload);
  });
}

/** Methods whose request body Fastify never reads: their body is left alone (and drained by Node), never decoded. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * Decodes `Content-Encoding: gzip` (and deflate) request bodies, as the Python SDK sends for batches.
 * The body limit applies to the decoded size as well as the encoded one (no zip bombs). Only bodies the
 * route will read are decoded, and a decoder's failure (a body that is not gzip) always has a listener:
 * the parser turns it into a 400, and no unread decoder can ever throw it at the process. Bodies of the
 * requests `leaveEncoded` names reach their parser still encoded (it decodes them itself, under the same limit).
 */
export function installRequestDecompression(app: FastifyInstance, leaveEncoded: (request: FastifyRequest) => boolean = () => false): void {
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (BODYLESS_METHODS.has(request.method)) return done(null, payload);
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (!encoding || encoding === 'identity') return done(null, payload);
    if (encoding !== 'gzip' && encoding !== 'deflate') {
      return done(new ApiError(415, SdkError.validation, `Content-Encoding "${encoding}" is not supported: send gzip, deflate or no encoding.`));
    }
    if (leaveEncoded(request)) return done(null, payload);
    const decoder = Object.assign(encoding === 'gzip' ? createGunzip() : createInflate(), { receivedEncodedLength: 0 });
    payload.on('data', (chunk: Buffer) => {
      decoder.receivedEncodedLength += chunk.length;
    });
    payload.on('error', (error) => decoder.destroy(error));
    decoder.on('error', () => {
      // Whoever reads the decoder gets the error too; with no reader, the rest of the body is dropped.
      payload.unpipe(decoder);
      payload.resume();
    });
    payload.pipe(decoder);
    done(null, decoder);
  });
}
