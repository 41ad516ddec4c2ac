import type { FastifyInstance } from 'fastify';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError } from './api-error.ts';
import { whenReplyClosed } from './reply-closed.ts';

/** How many seconds a refused upload is told to wait before it tries again. */
const RETRY_AFTER_SECONDS = 1;
/** A refused body at most this long (declared) is read and dropped so the connection stays usable; a longer one closes it. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Admits at most `maxInFlight` uploads (multipart requests to the routes of `scope`) at a time. One more, once its key
 * was checked and before any of its body is read, gets 429 with `Retry-After-Custom` (the Python SDK's header, in
 * seconds) and `Retry-After`; the SDK parks it and sends it again. A slot is freed when the reply is finished or the
 * connection is gone, whichever comes first.
 */
export function limitUploadsInFlight(scope: FastifyInstance, maxInFlight: number): void {
  let inFlight = 0;
  scope.addHook('preParsing', (request, reply, payload, done) => {
    if (inFlight >= maxInFlight) {
      const declared = Number(request.headers['content-length'] ?? Infinity);
      const seconds = String(RETRY_AFTER_SECONDS);
      const headers = { 'Retry-After-Custom': seconds, 'Retry-After': seconds, ...(declared <= DRAIN_LIMIT_BYTES ? {} : { connection: 'close' }) };
      return done(new ApiError(429, SdkError.throttled, `The service is receiving ${maxInFlight} uploads already; retry after ${seconds} s.`, headers));
    }
    inFlight += 1;
    whenReplyClosed(reply.raw, () => (inFlight -= 1));
    done(null, payload);
  });
}
