import { randomBytes } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Backend } from '../backend/src/backend.ts';
import { dispatch } from '../backend/src/ipc/dispatch.ts';
import { RENDERER_CSP } from '../../shared/security/csp.ts';
import { registerEventStream } from './event-stream.ts';
import { registerTransferRoutes } from './transfer-routes.ts';
import {
  TOKEN_COOKIE,
  TOKEN_HEADER,
  isAllowedHost,
  isAllowedOrigin,
  tokenFromCookie,
  tokenMatches,
} from './security.ts';

/** Options for the browser shell. */
export interface WebShellOptions {
  backend: Backend;
  /** The built renderer (vite's output directory). */
  rendererDir: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** The per-launch token; random when omitted. */
  token?: string;
}

/** A running browser shell. */
export interface WebShell {
  /** The address to open, token included. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the renderer, the ipc handlers (POST /ipc/<channel>), the events (GET /events) and the byte transfers
 * (/transfers/upload, /transfers/download) on 127.0.0.1, behind a per-launch token.
 */
export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  // 64 MiB: the largest ipc input (16 MiB of registry notes) as JSON. Closing cuts open connections: the shell is quitting.
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024, forceCloseConnections: true });
  let port = options.port;

  app.addHook('onRequest', async (request, reply) => guard(request, reply, token, () => port));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', RENDERER_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
  });
  registerIpcRoutes(app, options.backend);
  const { embedded } = options.backend;
  registerEventStream(app, options.backend.events, () =>
    embedded ? [{ name: 'service.status', payload: embedded.currentStatus() }] : [],
  );
  await registerTransferRoutes(app, options.backend);
  await app.register(fastifyStatic, { root: options.rendererDir, index: 'index.html' });
  app.setNotFoundHandler((request, reply) =>
    request.method === 'GET' && !request.url.startsWith('/ipc/') && !request.url.startsWith('/events')
      ? reply.sendFile('index.html') : reply.code(404).send({ error: 'Not found' }),
  );

  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    close: () => app.close(),
  };
}

/** Refuses foreign Host and Origin headers and requests without the token; trades a token in the URL for a cookie. */
async function guard(request: FastifyRequest, reply: FastifyReply, token: string, port: () => number): Promise<void> {
  if (!isAllowedHost(request.headers.host, port())) {
    return reply.code(403).type('text/plain').send('Refused: this address only answers as 127.0.0.1.');
  }
  if (!isAllowedOrigin(request.headers.origin, port())) {
    return reply.code(403).type('text/plain').send('Refused: requests from other sites are not allowed.');
  }
  const url = new URL(request.url, 'http://127.0.0.1');
  const fromUrl = url.searchParams.get('token') ?? undefined;
  if (request.method === 'GET' && tokenMatches(fromUrl, token)) {
    url.searchParams.delete('token');
    reply.header('Set-Cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    return reply.redirect(url.pathname + url.search, 302);
  }
  const presented = request.headers[TOKEN_HEADER];
  const headerToken = typeof presented === 'string' ? presented : undefined;
  if (!tokenMatches(headerToken ?? tokenFromCookie(request.headers.cookie), token)) {
    return reply
      .code(401)
      .type('text/plain')
      .send('Trackdesk: open the address printed when the browser shell started; it carries the access token.');
  }
}

function registerIpcRoutes(app: FastifyInstance, backend: Backend): void {
  app.post<{ Params: { channel: string } }>('/ipc/:channel', async (request) =>
    dispatch(backend.handlers, request.params.channel, request.body ?? {}),
  );
}
