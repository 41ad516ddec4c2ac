import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError } from './api-error.ts';
import { whenReplyClosed } from './reply-closed.ts';

/** How many seconds a request refused for want of memory is told to wait before it tries again. */
const RETRY_AFTER_SECONDS = 1;
/** A refused body at most this long (declared) is read and dropped so the connection stays usable; a longer one closes it. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** 429 with the Python SDK's `Retry-After-Custom` (it parks the request and sends it again) and `Retry-After`. */
function busy(message: string, closeConnection: boolean): ApiError {
  const seconds = String(RETRY_AFTER_SECONDS);
  const headers = { 'Retry-After-Custom': seconds, 'Retry-After': seconds, ...(closeConnection ? { connection: 'close' } : {}) };
  return new ApiError(429, SdkError.throttled, `${message}; retry after ${seconds} s.`, headers);
}

/**
 * Holds the bodies of all requests in flight on the routes of `scope` (read whole before parsing) to `bodies` bodies
 * of `bodyLimit` bytes together. A plain body is counted by its Content-Length before any of it is read; a compressed
 * or chunked one (size unknown in advance) as its decoded bytes arrive. A body that would take the total past the
 * budget gets 429 with `Retry-After-Custom`; one declared larger than `bodyLimit` is left to Fastify's 413 (a client's
 * mistake, not worth retrying). What a request holds is given back once, when its reply is finished or its connection
 * is gone, whatever happened before (an error, a refusal, a body left unread): from then on its body is no longer
 * counted nor read (a compressed one no longer inflated), only dropped as it arrives.
 */
export function limitBodyBytesInFlight(scope: FastifyInstance, bodyLimit: number, bodies: number): void {
  const budgetBytes = bodies * bodyLimit;
  let held = 0;
  const message = `The service is reading ${budgetBytes} bytes of request bodies already`;
  scope.addHook('preParsing', (request, reply, payload, done) => {
    // Fastify never reads the body of a GET or HEAD (Node drops it): nothing is held.
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    let mine = 0;
    let answered = false;
    let counted: Transform | undefined = undefined;
    whenReplyClosed(reply.raw, () => {
      answered = true;
      held -= mine;
      mine = 0;
      counted?.destroy();
    });
    const declared = Number(request.headers['content-length']);
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (answered || (payload === request.raw && !chunked && !(declared > 0))) return done(null, payload);
    if (payload === request.raw && !chunked) {
      if (declared > bodyLimit) return done(null, payload);
      if (held + declared > budgetBytes) return done(busy(message, declared > DRAIN_LIMIT_BYTES));
      mine = declared;
      held += declared;
      return done(null, payload);
    }
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        if (held + chunk.length > budgetBytes) return next(busy(message, true));
        mine += chunk.length;
        held += chunk.length;
        next(null, chunk);
      },
    });
    counted = counting;
    // Fastify's own limit on the encoded size (zip bombs) reads this field of the stream it is given.
    Object.defineProperty(counting, 'receivedEncodedLength', { get: () => (payload as { receivedEncodedLength?: number }).receivedEncodedLength });
    payload.on('error', (error) => counting.destroy(error));
    // Once the count ends early (refused, answered, failed), the body is dropped: the raw one read to its end, a decoded one stopped.
    counting.once('close', () => {
      payload.unpipe(counting);
      if (payload === request.raw) payload.resume();
      else payload.destroy();
    });
    payload.pipe(counting);
    done(null, counting);
  });
}
