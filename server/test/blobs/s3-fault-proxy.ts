import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/** What the proxy does with a request: pass it on, refuse multipart parts (403 AccessDenied), or drop every connection. */
export type ProxyMode = 'pass' | 'refuse-parts' | 'gone-at-first-part' | 'gone';

/** A proxy between the service and the S3 server that can refuse or vanish mid-upload. */
export interface FaultProxy {
  url: string;
  mode: ProxyMode;
  close(): Promise<void>;
}

const isPart = (req: IncomingMessage) => req.method === 'PUT' && /[?&]partNumber=/.test(req.url ?? '');

/** Starts a proxy on 127.0.0.1 forwarding to `target` (an http:// URL). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const { hostname, port } = new URL(target);
  const proxy: FaultProxy = { url: '', mode: 'pass', close: async () => undefined };
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = request({ hostname, port, method: req.method, path: req.url, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const server = createServer((req, res) => {
    if (proxy.mode === 'gone-at-first-part' && isPart(req)) proxy.mode = 'gone';
    if (proxy.mode === 'gone') return req.socket.destroy();
    if (proxy.mode === 'refuse-parts' && isPart(req)) {
      req.resume();
      res.writeHead(403, { 'content-type': 'application/xml' });
      return res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
    }
    forward(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return proxy;
}
