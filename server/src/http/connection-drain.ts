import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Starts a drain: stops accepting and waits up to `ms` for the open connections to end after their next answer. */
export type Drain = (ms: number) => Promise<void>;

/**
 * Lets a service hand its address over without resetting a client's connection. Closing a keep-alive connection while
 * it is idle can meet a request the client is sending on it at that moment (ECONNRESET, which the SDK does not retry
 * for a POST). A drain stops accepting new connections (refused: the SDK retries those) but keeps the open ones: each
 * answer from then on says `Connection: close`, so a connection in use ends cleanly right after its answer. Only the
 * connections still idle when the time is up are left for the close that follows.
 */
export function installConnectionDrain(app: FastifyInstance): Drain {
  let draining = false;
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });
  return (ms) => {
    draining = true;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      // The listening socket only: the HTTP server's own close would also close every idle connection at once.
      NetServer.prototype.close.call(app.server, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  };
}
