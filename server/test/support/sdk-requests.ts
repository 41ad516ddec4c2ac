import { gzipSync } from 'node:zlib';
import type { TestServer } from './harness.ts';

/** The headers the Python SDK 3.54 sends on every REST call (clients.md §0), with the key. */
export const pythonHeaders = (key: string): Record<string, string> => ({
  Authorization: key,
  'X-COMET-DEBUG-SDK-VERSION': '3.54.0',
  'X-COMET-DEBUG-PY-VERSION': '3.11.9',
  'User-Agent': 'python-requests/2.32.3',
});

/** The headers cometr 0.4.0 sends. */
export const cometrHeaders = (key: string): Record<string, string> => ({ Authorization: key, 'User-Agent': 'Comet API for R cometr/0.4.0' });

/** A reply read the way the SDK reads it: status, content type, raw text and JSON when it parses. */
export interface SdkReply {
  status: number;
  type: string | null;
  text: string;
  json: Record<string, unknown>;
  headers: Headers;
}

/** Sends a request as the Python SDK does: JSON as `application/json;charset=utf-8`, optionally gzipped. */
export async function sdkSend(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  options: { gzip?: boolean; headers?: Record<string, string> } = {},
): Promise<SdkReply> {
  const headers = { ...pythonHeaders(server.adminKey), ...options.headers };
  let payload: RequestInit['body'];
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json;charset=utf-8';
    const json = Buffer.from(JSON.stringify(body));
    if (options.gzip) headers['Content-Encoding'] = 'gzip';
    payload = new Uint8Array(options.gzip ? gzipSync(json) : json);
  }
  const response = await server.fetch(path, { method, headers, body: payload });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the caller checks `text`.
  }
  return { status: response.status, type: response.headers.get('content-type'), text, json, headers: response.headers };
}

/** `/api/rest/v2/` + path. */
export const rest = (path: string) => `/api/rest/v2/${path}`;
