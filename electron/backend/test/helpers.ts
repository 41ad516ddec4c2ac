import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/index.ts';
import { createBackend, type Backend, type BackendOptions } from '../src/backend.ts';
import { detachedSpawner } from '../src/embedded/node-spawner.ts';
import { AppError } from '../src/ipc/app-error.ts';
import { dispatch } from '../src/ipc/dispatch.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh temporary directory, removed after the file's tests. */
export async function tempDir(prefix = 'trackdesk-test-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A backend on a fresh (or given) user data dir with a real local service process, closed (service stopped) after the file's tests. */
export async function startBackend(options: Partial<BackendOptions> = {}): Promise<Backend & { userDataDir: string }> {
  const userDataDir = options.userDataDir ?? (await tempDir());
  const backend = createBackend({ spawnService: detachedSpawner(), ...options, userDataDir });
  cleanups.push(() => backend.close());
  return Object.assign(backend, { userDataDir });
}

/** Calls a channel through dispatch (as a shell would) and answers its data, or throws the envelope's error as an AppError. */
export async function call<C extends ChannelName>(backend: Backend, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const envelope = await dispatch(backend.handlers, channel, input);
  if (!envelope.ok) {
    const { code, message, status, sdkErrorCode } = envelope.error;
    throw new AppError(code, message, { ...(status === undefined ? {} : { status }), ...(sdkErrorCode === undefined ? {} : { sdkErrorCode }) });
  }
  return envelope.data as ChannelOutput<C>;
}

/** The error a failing call throws. */
export async function callError<C extends ChannelName>(backend: Backend, channel: C, input: ChannelInput<C>): Promise<AppError> {
  try {
    await call(backend, channel, input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`${channel} succeeded but was expected to fail`);
}

/** Every file under `dir` whose bytes contain `secret` (keys must never be on disk in plain text). */
export async function filesContaining(dir: string, secret: string): Promise<string[]> {
  const needle = Buffer.from(secret, 'utf8');
  const hits: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(needle)) hits.push(path);
  }
  return hits;
}

/** A tiny HTTP server for the cases no real tracking service produces (HTML pages, 5xx, silence). */
export async function fakeServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; port: number; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, requests };
}

/** A port on 127.0.0.1 where nothing listens (bound and released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
