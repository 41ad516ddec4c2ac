import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a connection closed after an early answer goes on reading (and dropping) what the client still sends. */
const LINGER_MS = 5_000;

/** Closes like nginx's lingering close: the reply, then FIN, then the rest of the body read and dropped until the client closes or LINGER_MS pass. */
function lingerInsteadOfDestroy(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
    this.resume();
  };
}

/** Stops whatever was reading the request body (a decoder the parser left) and drops the rest as it arrives. */
function dropRestOfBody(request: IncomingMessage): void {
  request.unpipe();
  request.resume();
}

/**
 * When the service answers before it has read the whole request body (413 for a body over the limit, a body the parser
 * refused), Node would close the socket with the rest of the body unread, and the kernel then resets the connection:
 * a client that writes the whole body before reading (Python's http.client, urllib3, so the hosted SDK) gets a broken
 * pipe instead of the answer, and retries. Instead, the rest of the body is read and dropped, and a connection that
 * closes lingers (see lingerInsteadOfDestroy) so that the client reads the answer.
 */
export function installLingeringClose(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) {
      dropRestOfBody(request.raw);
      if (String(reply.getHeader('connection')).toLowerCase() === 'close') lingerInsteadOfDestroy(request.raw.socket);
    }
    done(null, payload);
  });
}
