import { join } from 'node:path';
import { api } from '../../shared/api/index.ts';
import { fullPath, pathWith } from '../../shared/api/define.ts';
import { TOKEN_HEADER } from '../../electron/web/security.ts';
import { issueApiKey } from '../../server/src/accounts/keys.ts';
import type { ShellUnderTest } from '../fixtures.ts';

/** The embedded service as the test process reaches it: its address and a key of its own (never seen by the renderer). */
export interface ServiceAccess {
  baseUrl: string;
  apiKey: string;
}

/** Calls an ipc channel of the shell from the test process (with the shell's token, as the page does). */
export async function shellChannel<T>(shell: ShellUnderTest, channel: string, input: unknown): Promise<T> {
  const token = new URL(shell.url).searchParams.get('token') ?? '';
  const response = await fetch(`${shell.origin}/ipc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
    body: JSON.stringify(input),
  });
  const envelope = (await response.json()) as { ok: true; data: T } | { ok: false; error: { message: string } };
  if (!envelope.ok) throw new Error(`${channel} failed: ${envelope.error.message}`);
  return envelope.data;
}

/**
 * The embedded service of a shell (call it once the app is ready): its address from the shell's `service.status` channel, and a new key for
 * the user `admin` issued straight into the service's data dir (`<userDataDir>/service`) from this Node process.
 */
export async function embeddedServiceAccess(shell: ShellUnderTest): Promise<ServiceAccess> {
  const status = await shellChannel<{ state: string; baseUrl?: string }>(shell, 'service.status', {});
  if (status.state !== 'ready' || !status.baseUrl) throw new Error(`The embedded service is ${status.state}; open the app and wait until it is ready first.`);
  const { apiKey } = await issueApiKey({ dataDir: join(shell.userDataDir, 'service'), userName: 'admin' });
  return { baseUrl: status.baseUrl, apiKey };
}

async function send(access: ServiceAccess, path: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(`${access.baseUrl}${path}`, { ...init, headers: { ...init.headers, authorization: access.apiKey } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Creates an experiment in workspace `admin` and uploads one model file (E44, type model-element) into model `modelName`. */
export async function seedExperimentModel(
  access: ServiceAccess,
  { projectName, experimentName, modelName }: { projectName: string; experimentName: string; modelName: string },
): Promise<{ experimentKey: string; experimentModelId: string }> {
  const created = await send(access, fullPath(api.createExperiment), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceName: 'admin', projectName, experimentName }),
  });
  const experimentKey = String(created.experimentKey);
  const form = new FormData();
  form.append('file', new Blob([`weights of ${modelName} from ${experimentName}`]), 'weights.bin');
  const query = new URLSearchParams({ experimentKey, type: 'model-element', groupingName: modelName, fileName: 'weights.bin' });
  const uploaded = await send(access, `${fullPath(api.uploadAsset)}?${query}`, { method: 'POST', body: form });
  return { experimentKey, experimentModelId: String(uploaded.experimentModelId) };
}

/** Calls a JSON endpoint of the service directly (setup and stage changes made "elsewhere"). */
export function callDirect(
  access: ServiceAccess,
  endpoint: keyof typeof api,
  request: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown },
): Promise<Record<string, unknown>> {
  const entry = api[endpoint];
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  const init: RequestInit = { method: entry.method };
  if (request.body !== undefined) init.body = JSON.stringify(request.body);
  if (request.body !== undefined) init.headers = { 'content-type': 'application/json' };
  return send(access, `${pathWith(entry, request.params)}${query}`, init);
}

/** A key of another user of the embedded service, whom the admin adds to workspace `admin` as a member (changes "by someone else"). */
export async function memberAccess(shell: ShellUnderTest, admin: ServiceAccess, userName: string): Promise<ServiceAccess> {
  const { apiKey } = await issueApiKey({ dataDir: join(shell.userDataDir, 'service'), userName });
  await callDirect(admin, 'addWorkspaceMember', { body: { workspaceName: 'admin', userName, role: 'member' } });
  return { baseUrl: admin.baseUrl, apiKey };
}
