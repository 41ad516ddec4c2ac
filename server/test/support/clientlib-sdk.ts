import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { TEST_ADMIN_KEY, queryString } from './harness.ts';

/** The headers the Python SDK 3.54.0 sends on every clientlib call (clients.md §0). */
export function sdkHeaders(experimentKey?: string, key: string | null = TEST_ADMIN_KEY): Record<string, string> {
  return {
    ...(key === null ? {} : { authorization: key }),
    'x-comet-debug-sdk-version': '3.54.0',
    'x-comet-debug-py-version': '3.11.9',
    'user-agent': 'python-requests/2.32.3',
    ...(experimentKey ? { 'x-comet-debug-experiment-key': experimentKey } : {}),
  };
}

/** A reply read as the SDK reads clientlib replies: `json.loads` of the body, whatever the content type. */
export interface SdkReply {
  status: number;
  headers: Headers;
  json: Record<string, unknown> & { msg?: string; sdk_error_code?: number };
}

/** What one SDK call sends. */
export interface SdkCall {
  /** Path under `/clientlib/` (e.g. `logger/add/run`), or an absolute path. */
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, unknown>;
  /** gzip the JSON body (batches, output). */
  gzip?: boolean;
  experimentKey?: string;
  /** The Authorization header; null sends none. */
  key?: string | null;
}

/** A 32-hex-character key, as `comet_ml` generates them. */
export const sdkExperimentKey = (): string => randomBytes(16).toString('hex');

/** Sends one call the way the Python SDK does: JSON with `charset=utf-8`, gzip where it compresses. */
export async function sdkCall(url: string, call: SdkCall): Promise<SdkReply> {
  const path = call.path.startsWith('/') ? call.path : `/clientlib/${call.path}`;
  const headers = sdkHeaders(call.experimentKey, call.key === undefined ? TEST_ADMIN_KEY : call.key);
  let body: Buffer | undefined;
  if (call.body !== undefined) {
    headers['content-type'] = 'application/json;charset=utf-8';
    const json = Buffer.from(JSON.stringify(call.body));
    body = call.gzip ? gzipSync(json) : json;
    if (call.gzip) headers['content-encoding'] = 'gzip';
  }
  const response = await fetch(url + path + queryString(call.query), { method: call.method ?? (body ? 'POST' : 'GET'), headers, body: body && new Uint8Array(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as SdkReply['json']) : {} };
}

/** The handshake body of `Experiment(project_name, workspace)` (clients.md B.2). */
export const addRunBody = (experimentKey: string, projectName: string | null, teamName: string | null, extra: Record<string, unknown> = {}) => ({
  apiKey: TEST_ADMIN_KEY,
  experimentKey,
  projectName,
  teamName,
  offline: false,
  getOrCreateEnabled: false,
  libVersion: '3.54.0',
  local_timestamp: Date.now(),
  ...extra,
});

/** A heartbeat body (`status-report/update`). */
export const statusBody = (experimentKey: string, runId: string, isAlive: boolean, projectId: string | null = null) => ({
  apiKey: TEST_ADMIN_KEY,
  runId,
  experimentKey,
  projectId,
  is_alive: isAlive,
  local_timestamp: Date.now(),
  offline: false,
});

/** A metric batch item as the SDK's streamer builds it. */
export const metricItem = (metricName: string, metricValue: unknown, step: number | null, extra: Record<string, unknown> = {}) => ({
  metricName,
  metricValue,
  step,
  epoch: null,
  context: null,
  timestamp: 1_732_000_000_000 + (step ?? 0),
  ...extra,
});

/** One multipart part as `requests` sends it: `files={name: (filename, bytes)}`, or a plain field without filename. */
export interface SdkPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** What one SDK upload sends (clients.md B.7): multipart parts, a query, POST or PUT. */
export interface SdkUpload {
  /** Path under `/clientlib/`, or an absolute path. */
  path: string;
  method?: 'POST' | 'PUT';
  query?: Record<string, unknown>;
  parts: SdkPart[];
  experimentKey?: string;
  /** The Authorization header; null sends none. */
  key?: string | null;
}

/** Sends a multipart upload the way the Python SDK does (its headers, the parts in order). */
export async function sdkUpload(url: string, upload: SdkUpload): Promise<SdkReply> {
  const path = upload.path.startsWith('/') ? upload.path : `/clientlib/${upload.path}`;
  const form = new FormData();
  for (const part of upload.parts) {
    if (part.filename === undefined) form.append(part.name, String(part.value));
    else form.append(part.name, new Blob([new Uint8Array(Buffer.from(part.value))], { type: part.contentType ?? 'application/octet-stream' }), part.filename);
  }
  const headers = sdkHeaders(upload.experimentKey, upload.key === undefined ? TEST_ADMIN_KEY : upload.key);
  const response = await fetch(url + path + queryString(upload.query), { method: upload.method ?? 'POST', headers, body: form });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? (JSON.parse(text) as SdkReply['json']) : {} };
}

/** The query every live upload carries: experimentId (the key), projectId, apiKey and runId. */
export const uploadQuery = (experimentKey: string, extra: Record<string, unknown> = {}) => ({
  experimentId: experimentKey,
  projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
  apiKey: TEST_ADMIN_KEY,
  runId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  ...extra,
});

/** Starts a run through the handshake (clients.md B.2) and returns its key. */
export async function startSdkRun(url: string, projectName: string): Promise<string> {
  const key = sdkExperimentKey();
  const reply = await sdkCall(url, { path: 'logger/add/run', body: addRunBody(key, projectName, 'admin'), experimentKey: key });
  if (reply.status !== 200) throw new Error(`logger/add/run answered ${reply.status}: ${JSON.stringify(reply.json)}`);
  return key;
}
