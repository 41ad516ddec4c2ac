import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SdkError, type ErrorReply } from '../../../shared/api/index.ts';
import { badRequest } from './api-error.ts';
import { installLingeringClose } from './linger.ts';

const errorBody = (status: number, msg: string): string => JSON.stringify({ msg, code: status, sdk_error_code: SdkError.validation } satisfies ErrorReply);

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any route or hook runs (a path that is not valid
 * percent-encoding, FST_ERR_BAD_URL), answered 400 in the service's error shape instead of Fastify's `{error, message}`.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const path = /'(.*)'/.exec(error.message)?.[1];
  const msg = error.code === 'FST_ERR_BAD_URL' && path !== undefined ? `The URL path is not valid percent-encoded UTF-8: ${path.split('?')[0]}` : error.message;
  const body = errorBody(400, msg);
  reply.hijack();
  reply.raw.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
}

/**
 * Answers, in the service's error shape, what Node's HTTP server would answer bare or not at all: an `Expect` other than
 * 100-continue (Node: a bare 417), `CONNECT` (Node: the connection dropped without a word) and an HTTP/1.1 request
 * without `Host` (RFC 9112 §3.2: 400); and lets a client read an answer sent before its body was read (linger.ts).
 */
export function installProtocolReplies(app: FastifyInstance): void {
  // Node's own Host check answers a bare 400 with no body; the hook below answers it in the service's shape.
  (app.server as typeof app.server & { requireHostHeader: boolean }).requireHostHeader = false;
  app.server.on('checkExpectation', (request, response) => {
    const body = errorBody(417, `Expect: "${String(request.headers.expect)}" is not supported: send no Expect header, or 100-continue.`);
    response.writeHead(417, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  app.server.on('connect', (_request, socket) => {
    const body = errorBody(405, 'CONNECT is not supported: this is not a proxy.');
    const head = `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, POST, PUT\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    socket.on('error', () => socket.destroy());
    socket.end(head + body);
  });
  installLingeringClose(app);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) return done(badRequest('An HTTP/1.1 request needs a Host header.'));
    done();
  });
}
