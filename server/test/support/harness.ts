import { mkdtempSync, rmSync } from 'node:fs';
import type { z } from 'zod';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, pathWith, type BodyInput, type EndpointName, type ErrorReply, type ParamsInput, type QueryInput, type ReplyOf } from '../../../shared/api/index.ts';
import type { promotionPendingReply } from '../../../shared/api/registry-governance.ts';
import { freshPostgresDatabase, type TestBackend } from './test-database.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../src/process/app.ts';
import type { StorageLocation } from '../../src/database/open-storage.ts';
import type { ThrottleLimits } from '../../src/throttle/rate-limits.ts';

/** The admin key every test server starts with. */
export const TEST_ADMIN_KEY = 'test-admin-key-0123456789abcdefghij';

type Contract = typeof api;
type PromotionPending = Omit<z.output<typeof promotionPendingReply>, 'msg' | 'code' | 'sdk_error_code'>;

/** What a contract call sends: path parameters, query, JSON body or multipart form, and the key (null: send none). */
export interface CallInput<N extends EndpointName> {
  params?: ParamsInput<Contract[N]>;
  query?: QueryInput<Contract[N]>;
  body?: BodyInput<Contract[N]>;
  form?: FormData;
  /** The API key; the admin key when omitted, no header when null. */
  key?: string | null;
  headers?: Record<string, string>;
}

/** A reply: status, headers and the parsed JSON body (bytes for binary endpoints, in `bytes`); error and 202 fields are optional. */
export interface CallResult<N extends EndpointName> {
  status: number;
  headers: Headers;
  body: ReplyOf<Contract[N]> & Partial<ErrorReply> & Partial<PromotionPending>;
  bytes: Buffer;
}

/** A service on a free port with a temporary data dir (on PostgreSQL, maybe several instances: TRACKDESK_TEST_INSTANCES). */
export interface TestServer {
  /** The first instance's address (`call` and `fetch` take the instances in turn). */
  url: string;
  dataDir: string;
  /** Where its rows are (its data dir, and its PostgreSQL database on that backend): pass it to start it again on the same rows. */
  storage: StorageLocation;
  adminKey: string;
  /** The first instance. */
  server: RunningServer;
  /**
   * Calls an endpoint of the contract by name, building method, path, query string and body from its entry.
   * A success reply that does not match the entry's reply schema throws.
   */
  call<N extends EndpointName>(name: N, input?: CallInput<N>): Promise<CallResult<N>>;
  /** A raw request (for malformed bodies, wrong headers, unknown paths). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Closes the service and deletes its data dir. */
  close(): Promise<void>;
}

/** Turns a query object into a query string (arrays repeat the key; undefined is left out). */
export function queryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls an endpoint of the contract on the service at `url` (see TestServer.call); also used for
 * services running as child processes.
 */
export async function callEndpoint<N extends EndpointName>(url: string, name: N, input: CallInput<N> = {}): Promise<CallResult<N>> {
  const endpoint = api[name];
  const headers: Record<string, string> = { ...input.headers };
  const key = input.key === undefined ? TEST_ADMIN_KEY : input.key;
  if (key !== null) headers.authorization = key;
  let payload: RequestInit['body'];
  if (input.form) payload = input.form;
  else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(input.body);
  }
  const response = await fetch(url + pathWith(endpoint, input.params as Record<string, unknown>) + queryString(input.query as Record<string, unknown>), {
    method: endpoint.method,
    headers,
    body: payload,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  const body = isJson ? JSON.parse(bytes.toString('utf8')) : undefined;
  const schema = response.status === 202 ? endpoint.accepted : response.status === endpoint.status ? endpoint.reply : undefined;
  if (schema && endpoint.replyKind === 'json' && response.status !== 204) {
    const checked = schema.safeParse(body);
    if (!checked.success) throw new Error(`${endpoint.id} replied outside its contract: ${checked.error.message}\n${bytes.toString('utf8').slice(0, 2000)}`);
  }
  return { status: response.status, headers: response.headers, body, bytes };
}

/** The backend of services started without one: env TRACKDESK_TEST_BACKEND (`npm test` runs some suites on both). */
const defaultBackend = (): TestBackend => (process.env.TRACKDESK_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite');

/**
 * How many instances a test service on PostgreSQL runs, on one database and one data dir: env
 * TRACKDESK_TEST_INSTANCES (default 1). With more, its `call` and `fetch` take the instances in turn.
 */
function instancesOnPostgres(): number {
  const count = Number(process.env.TRACKDESK_TEST_INSTANCES ?? 1);
  if (!Number.isInteger(count) || count < 1) throw new Error(`TRACKDESK_TEST_INSTANCES must be a whole number of at least 1, not "${process.env.TRACKDESK_TEST_INSTANCES}"`);
  return count;
}

/** True when a test sets a per-minute logging limit: instances count those each on their own (README), so it talks to one. */
const countsPerMinute = (throttle: Partial<ThrottleLimits> | undefined) =>
  Object.entries(throttle ?? {}).some(([name, limit]) => name.endsWith('PerMinute') && Number.isFinite(limit));

/** The CLI flags that put a service started as a child process on the default backend (a fresh database on PostgreSQL). */
export async function defaultBackendFlags(): Promise<string[]> {
  return defaultBackend() === 'postgres' ? ['--database', await freshPostgresDatabase()] : [];
}

/**
 * Starts a service for a test; pass `dataDir` to reuse one (it is then not deleted on close), or another test
 * server's `storage` to start again on its rows (its backend too). With `backend` 'postgres' (and no `databaseUrl`)
 * its rows go to a fresh database of the run's PostgreSQL cluster.
 */
export async function startTestServer(options: Partial<ServerOptions> & { backend?: TestBackend; storage?: StorageLocation } = {}): Promise<TestServer> {
  const { backend = defaultBackend(), storage, ...serverOptions } = options;
  const ownDir = options.dataDir === undefined && storage === undefined;
  const dataDir = storage?.dataDir ?? options.dataDir ?? mkdtempSync(join(tmpdir(), 'trackdesk-server-'));
  const databaseUrl = storage ? storage.databaseUrl : (options.databaseUrl ?? (backend === 'postgres' ? await freshPostgresDatabase() : undefined));
  const start = () => startServer({ host: '127.0.0.1', port: 0, bootstrapApiKey: TEST_ADMIN_KEY, logger: process.env.TRACKDESK_TEST_LOG === '1', ...serverOptions, dataDir, databaseUrl });
  const instances: RunningServer[] = [];
  const closeAll = async () => {
    for (const instance of instances) await instance.close();
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const wanted = databaseUrl === undefined || countsPerMinute(serverOptions.throttle) ? 1 : instancesOnPostgres();
    while (instances.length < wanted) instances.push(await start());
  } catch (error) {
    // A bad instance count, or an instance that failed to start, must leave nothing running (nor the temp dir behind).
    await closeAll();
    throw error;
  }
  const server = instances[0] as RunningServer;
  let calls = 0;
  /** The address of the instance whose turn it is (calls and fetches go round them). */
  const next = () => (instances[calls++ % instances.length] as RunningServer).url;
  return {
    url: server.url,
    dataDir,
    storage: { dataDir, ...(databaseUrl === undefined ? {} : { databaseUrl }) },
    adminKey: TEST_ADMIN_KEY,
    server,
    fetch: (path, init) => fetch(next() + path, init),
    call: (name, input) => callEndpoint(next(), name, input),
    close: closeAll,
  };
}
