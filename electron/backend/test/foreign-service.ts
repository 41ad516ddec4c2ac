import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Another vendor's service, as far as the copy can tell: a pass-through on 127.0.0.1 to the service at `baseUrl` that answers
 * 404 for the paths in `missing` (Trackdesk's extensions and batch paths). Its address, and how to close it.
 * (The e2e suite has its own such helper; rooms keep the backend tests from importing it.)
 */
export async function startForeignService(baseUrl: string, missing: readonly string[]): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(baseUrl);
  const server = createServer((incoming, outgoing) => {
    if (missing.includes((incoming.url ?? '/').split('?')[0] ?? '/')) {
      incoming.resume();
      outgoing.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'Not Found', statusCode: 404 }));
      return;
    }
    const upstream = forward({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}
