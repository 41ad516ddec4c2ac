import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError } from './api-error.ts';
import { inflatedBody } from './inflated-body.ts';
import { whenReplyClosed } from './reply-closed.ts';

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

/** Which requests' bodies are decoded, and how far. */
export interface DecompressionOptions {
  /** Requests whose bodies reach their parser still encoded (it decodes them itself, under the same limit). */
  leaveEncoded?: (request: FastifyRequest) => boolean;
  /** How many decoded bytes a request's body may have: by default its route's body limit. */
  decodedLimit?: (request: FastifyRequest) => number;
}

/**
 * Decodes `Content-Encoding: gzip` (and deflate) request bodies, as the Python SDK sends for batches; any other
 * encoding gets 415. The inflater stops at the decoded limit (no zip bombs: 413), as soon as the request is answered or
 * its client is gone (no inflating into the void after the reply), and at a body that is not what its encoding says
 * (the parser makes it a 400; no unread decoder can ever throw it at the process). Only bodies the route will read
 * are decoded.
 */
export function installRequestDecompression(app: FastifyInstance, options: DecompressionOptions = {}): void {
  const { leaveEncoded = () => false, decodedLimit = (request) => request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? Infinity } = options;
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (BODYLESS_METHODS.has(request.method)) return done(null, payload);
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (!encoding || encoding === 'identity') return done(null, payload);
    if (encoding !== 'gzip' && encoding !== 'deflate') {
      return done(new ApiError(415, SdkError.validation, `Content-Encoding "${encoding}" is not supported: send gzip, deflate or no encoding.`));
    }
    if (leaveEncoded(request)) return done(null, payload);
    const body = inflatedBody(payload, encoding, decodedLimit(request));
    whenReplyClosed(reply.raw, () => body.destroy());
    done(null, body);
  });
}
