import { expect } from 'vitest';
import type { TestServer } from '../support/harness.ts';

/** The admin's default workspace on a test server. */
export const WORKSPACE = 'admin';

/** A multipart form holding `bytes` in the part `file` (plus further text parts). */
export function fileForm(bytes: string | Uint8Array, fileName: string, parts: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), fileName);
  return form;
}

/** Creates an experiment in the admin workspace and returns its key. */
export async function newExperiment(server: Pick<TestServer, 'call'>, projectName = 'models'): Promise<string> {
  const created = await server.call('createExperiment', { body: { workspaceName: WORKSPACE, projectName } });
  expect(created.status).toBe(200);
  return created.body.experimentKey;
}

/** Uploads one model file (`type=model-element`) and returns the experimentModelId it created or extended. */
export async function uploadModelFile(server: Pick<TestServer, 'call'>, experimentKey: string, modelName: string, fileName = 'weights.bin'): Promise<string> {
  const uploaded = await server.call('uploadAsset', {
    query: { experimentKey, type: 'model-element', groupingName: modelName, fileName },
    form: fileForm(`weights of ${modelName}`, fileName),
  });
  expect(uploaded.status).toBe(200);
  const { experimentModelId } = uploaded.body;
  if (!experimentModelId) throw new Error('no experimentModelId in the upload reply');
  return experimentModelId;
}

/** An experiment with one model, ready to register. */
export async function experimentWithModel(server: Pick<TestServer, 'call'>, modelName = 'classifier'): Promise<{ experimentKey: string; experimentModelId: string }> {
  const experimentKey = await newExperiment(server);
  return { experimentKey, experimentModelId: await uploadModelFile(server, experimentKey, modelName) };
}

/** The headers the Python SDK 3.54.0 sends with every REST call (clients.md §0). */
const SDK_HEADERS = { 'X-COMET-DEBUG-SDK-VERSION': '3.54.0', 'X-COMET-DEBUG-PY-VERSION': '3.11.9', 'User-Agent': 'python-requests/2.32.3' };

/** What the service answered an SDK-shaped request. */
export interface SdkReply {
  status: number;
  contentType: string | null;
  bytes: Buffer;
  /** The body parsed as JSON (throws when it is not JSON). */
  json: <T = Record<string, unknown>>() => T;
}

/**
 * Sends a request under `/api/rest/v2/` exactly as the Python SDK does: its headers, the key in
 * `Authorization`, a JSON body as `application/json;charset=utf-8`, query values as Python prints them
 * (`True`/`False`, decimal strings; None left out).
 */
export async function sdkRequest(
  server: Pick<TestServer, 'fetch' | 'adminKey'>,
  method: 'GET' | 'POST',
  path: string,
  input: { query?: Record<string, string | number | boolean | null>; body?: unknown } = {},
): Promise<SdkReply> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== null) params.append(name, value === true ? 'True' : value === false ? 'False' : String(value));
  }
  const headers: Record<string, string> = { ...SDK_HEADERS, Authorization: server.adminKey };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json;charset=utf-8';
  const search = params.size > 0 ? `?${params.toString()}` : '';
  const response = await server.fetch(`/api/rest/v2/${path}${search}`, {
    method,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, contentType: response.headers.get('content-type'), bytes, json: <T>() => JSON.parse(bytes.toString('utf8')) as T };
}

/** The body `register_model` sends (clients.md A.4): every key, unset ones null. */
export const registerBody = (experimentKey: string, experimentModelName: string, registryModelName: string, extra: Record<string, unknown> = {}) => ({
  experimentKey,
  experimentModelName,
  registryModelName,
  registryModelDescription: null,
  version: null,
  versionComment: null,
  tags: null,
  status: null,
  publicModel: null,
  ...extra,
});
