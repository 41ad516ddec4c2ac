import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status it was answered with. */
  status: number;
}

/** How the receiver answers one request. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answer (the request stays open until the receiver closes). */
  hang?: boolean;
}

/** A real HTTP server standing in for a customer's webhook endpoint. */
export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** Answers to use, in order, before falling back to `fallback`. */
  answers: Answer[];
  fallback: Answer;
  /** Resolves once `count` requests in total have been received. */
  waitFor(count: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 with a free port; it answers 200 unless told otherwise. */
export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const waiters: { count: number; resolve: (requests: ReceivedRequest[]) => void }[] = [];
  const receiver = { answers: [] as Answer[], fallback: { status: 200, body: 'ok' } as Answer };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = receiver.answers.shift() ?? receiver.fallback;
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: answer.status,
      });
      if (!answer.hang) response.writeHead(answer.status, answer.headers).end(answer.body ?? '');
      for (const waiter of waiters.filter((entry) => received.length >= entry.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...received]);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    waitFor: (count: number) =>
      received.length >= count ? Promise.resolve([...received]) : new Promise<ReceivedRequest[]>((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/** What a receiver does to check a signed notification (the recipe in server/README.md). */
export function verifySignature(request: ReceivedRequest, secret: string): boolean {
  const timestamp = String(request.headers['x-trackdesk-timestamp']);
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`);
  const given = Buffer.from(String(request.headers['x-trackdesk-signature']));
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(given, expected);
}
