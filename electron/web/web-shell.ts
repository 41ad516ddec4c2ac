import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Backend } from '../backend/src/backend.ts';
import { dispatch, type Handlers } from '../backend/src/ipc/dispatch.ts';
import { RENDERER_CSP } from '../../shared/security/csp.ts';
import { TOKEN_PARAMETER } from '../../shared/security/shell-token.ts';
import { browserFileRules } from './browser-file-rules.ts';
import { DownloadTickets } from './download-tickets.ts';
import { registerEventStream } from './event-stream.ts';
import { registerOfflineRoutes } from './offline-routes.ts';
import { registerTicketDownloads, registerTransferRoutes } from './transfer-routes.ts';
import { TOKEN_HEADER, isAllowedFetchSite, isAllowedHost, isAllowedOrigin, tokenMatches } from './security.ts';

/** Options for the browser shell. */
export interface WebShellOptions {
  backend: Backend;
  /** The built renderer (vite's output directory). */
  rendererDir: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** The per-launch token; random when omitted. */
  token?: string;
  /** The folders config files may be saved in (as new files); the home folder when omitted. */
  saveFolders?: readonly string[];
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
 * (/transfers/upload, /transfers/download) on 127.0.0.1. The page and its assets are not secret; every call needs the
 * per-launch token in the `x-trackdesk-token` header (never a cookie), and channels that name file paths follow
 * the browser's file rules (`browserFileRules`).
 */
export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  // 64 MiB: the largest ipc input (16 MiB of registry notes) as JSON. Closing cuts open connections: the shell is quitting.
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024, forceCloseConnections: true });
  let port = options.port;

  app.addHook('onRequest', async (request, reply) => refuseForeign(request, reply, () => port));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', RENDERER_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
  });
  const tickets = new DownloadTickets();
  const handlers = browserFileRules(options.backend.handlers, options.saveFolders ?? [homedir()]);
  await app.register(async (calls) => {
    calls.addHook('onRequest', async (request, reply) => requireCall(request, reply, token));
    registerIpcRoutes(calls, handlers);
    const { embedded } = options.backend;
    registerEventStream(calls, options.backend.events, () =>
      embedded ? [{ name: 'service.status', payload: embedded.currentStatus() }] : [],
    );
    await registerTransferRoutes(calls, options.backend, tickets);
    await registerOfflineRoutes(calls, options.backend);
  });
  await app.register(async (downloads) => {
    downloads.addHook('onRequest', async (request, reply) => requireCallSite(request, reply));
    registerTicketDownloads(downloads, tickets);
  });
  await app.register(fastifyStatic, { root: options.rendererDir, index: 'index.html' });
  app.setNotFoundHandler((request, reply) =>
    request.method === 'GET' && !request.url.startsWith('/ipc/') && !request.url.startsWith('/events') && !request.url.startsWith('/transfers/')
      ? reply.sendFile('index.html') : reply.code(404).send({ error: 'Not found' }),
  );

  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${port}/?${TOKEN_PARAMETER}=${token}`,
    port,
    close: () => app.close(),
  };
}

/** Refuses, on every request, a foreign Host (DNS rebinding), a foreign Origin and a request another site started (CSRF). */
async function refuseForeign(request: FastifyRequest, reply: FastifyReply, port: () => number): Promise<void> {
  if (!isAllowedHost(request.headers.host, port())) {
    return reply.code(403).type('text/plain').send('Refused: this address only answers as 127.0.0.1.');
  }
  if (!isAllowedOrigin(request.headers.origin, port())) {
    return reply.code(403).type('text/plain').send('Refused: requests from other sites are not allowed.');
  }
  if (!isAllowedFetchSite(header(request, 'sec-fetch-site'), 'page')) {
    return reply.code(403).type('text/plain').send('Refused: another site sent this request. Open Trackdesk from the address it printed.');
  }
}

/** Refuses a call (ipc, events, transfers, a download) that the app's own page did not make. */
async function requireCallSite(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!isAllowedFetchSite(header(request, 'sec-fetch-site'), 'call')) {
    return reply.code(403).type('text/plain').send('Refused: only the Trackdesk page itself may call this address.');
  }
}

/** Refuses a call without the token in its header (a cookie, or the token in the URL, is never enough). */
async function requireCall(request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> {
  await requireCallSite(request, reply);
  if (reply.sent) return;
  if (!tokenMatches(header(request, TOKEN_HEADER), token)) {
    return reply
      .code(401)
      .type('text/plain')
      .send('Trackdesk: open the address printed when the browser shell started; it carries the access token.');
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function registerIpcRoutes(app: FastifyInstance, handlers: Handlers): void {
  app.post<{ Params: { channel: string } }>('/ipc/:channel', async (request) => dispatch(handlers, request.params.channel, request.body ?? {}));
}
