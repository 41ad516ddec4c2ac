import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { RENDERER_CSP } from '../../shared/security/csp.ts';
import type { EventName, EventPayload } from '../../shared/ipc/index.ts';
import type { EventBus } from '../backend/src/events.ts';

/** An event to send on connect: the state a page that just (re)connected may have missed. */
type SnapshotEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];

/** How often an idle event stream gets a comment line, so proxies and browsers keep it open. */
const KEEPALIVE_MS = 25_000;

/**
 * Serves the backend's events as Server-Sent Events on GET /events (behind the same token guard as everything else).
 * Each new connection first gets `snapshot()`, so a page never misses a state change that happened before it connected.
 */
export function registerEventStream(app: FastifyInstance, events: EventBus, snapshot: () => SnapshotEvent[] = () => []): void {
  const open = new Set<ServerResponse>();
  app.get('/events', (request, reply) => {
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
      'content-security-policy': RENDERER_CSP,
    });
    stream.write(': connected\n\n');
    for (const { name, payload } of snapshot()) stream.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    const unsubscribe = events.subscribe((name, payload) => {
      stream.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const keepalive = setInterval(() => stream.write(': keepalive\n\n'), KEEPALIVE_MS);
    open.add(stream);
    request.raw.once('close', () => {
      clearInterval(keepalive);
      unsubscribe();
      open.delete(stream);
    });
  });
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
}
