import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One notification a receiver got. */
export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body (the notification payload). */
  body: Record<string, unknown>;
}

/** A real HTTP server on 127.0.0.1 standing in for a customer's webhook endpoint. */
export interface WebhookReceiver {
  /** The address to configure, e.g. http://127.0.0.1:41234/hook/a. */
  url: string;
  received: ReceivedHook[];
  /** Notifications received, test sends included. */
  count(): number;
  close(): Promise<void>;
}

/** Starts a receiver on a free port that answers every POST with `status` and `reply`. */
export async function startWebhookReceiver(name: string, answer: { status: number; reply: string } = { status: 200, reply: 'ok' }): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { unparsed: text };
      }
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook/${name}`,
    received,
    count: () => received.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
