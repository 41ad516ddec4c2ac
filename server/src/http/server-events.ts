import type { Server } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SdkError, type ErrorReply } from '../../../shared/api/index.ts';

const errorBody = (status: number, msg: string): string => JSON.stringify({ msg, code: status, sdk_error_code: SdkError.validation } satisfies ErrorReply);

/**
 * Answers, in the service's error shape, the requests Node's HTTP server handles before Fastify sees them: an `Expect`
 * other than 100-continue (Node's own answer is a bare 417) and `CONNECT` (Node drops the connection without a word).
 */
export function answerServerLevelRequests(server: Server): void {
  server.on('checkExpectation', (request, response) => {
    const body = errorBody(417, `Expect: "${String(request.headers.expect)}" is not supported: send no Expect header, or 100-continue.`);
    response.writeHead(417, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  server.on('connect', (_request, socket) => {
    const body = errorBody(405, 'CONNECT is not supported: this is not a proxy.');
    const head = `HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, POST, PUT\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    socket.on('error', () => socket.destroy());
    socket.end(head + body);
  });
}

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
