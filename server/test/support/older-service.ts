import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A service as an older release answers: the real one behind it, minus the paths that release did not have. */
export interface OlderService {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts, on a free port of 127.0.0.1, a pass-through to the service at `baseUrl` that answers 404 (in Fastify's own shape for an
 * unknown route) for the paths in `missing`, as a service from before those endpoints existed does.
 */
export async function startOlderService(baseUrl: string, missing: readonly string[]): Promise<OlderService> {
  const target = new URL(baseUrl);
  const server = createServer((incoming, outgoing) => {
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    if (missing.includes(path)) {
      incoming.resume();
      const body = { message: `Route ${incoming.method}:${path} not found`, error: 'Not Found', statusCode: 404 };
      outgoing.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      return;
    }
    const upstream = forward(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
