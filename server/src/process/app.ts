import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { api, type Endpoint } from '../../../shared/api/index.ts';
import { bootstrapAdmin } from './bootstrap.ts';
import { installBatchBodyDecoding, routedTo, THREAD_DECODED_ENDPOINTS } from '../clientlib/index.ts';
import { createHandlers } from './handlers.ts';
import { createAuthenticator, nameLocalWorkspace, type SsoSettings } from '../accounts/index.ts';
import { answerClientError } from '../http/client-errors.ts';
import { limitBodyBytesInFlight } from '../http/body-budget.ts';
import { installErrorReplies } from '../http/error-reply.ts';
import { installJsonBodyParser, jsonBodyParser } from '../http/json-body.ts';
import { guardedServerFactory } from '../http/last-resort.ts';
import { installPublicUrl, parsePublicUrl, parseTrustedProxies } from '../http/public-address.ts';
import { installConnectionDrain } from '../http/connection-drain.ts';
import { closePromptly } from '../http/prompt-close.ts';
import { registerContractRoutes } from '../http/routes.ts';
import { answerFrameworkError, installProtocolReplies } from '../http/server-events.ts';
import { limitUploadsInFlight } from '../http/upload-admission.ts';
import { installExactJsonContentType, installRequestDecompression } from '../http/wire.ts';
import { registerExperimentPage, type KeepAliveIntervals } from '../experiments/index.ts';
import { createServices, type Services } from './services.ts';
import { openStorage } from '../database/open-storage.ts';
import type { GivenSecretsKeys } from '../database/secrets-keys.ts';
import type { DeliveryPolicy } from '../webhooks/index.ts';
import type { ThrottleLimits } from '../throttle/rate-limits.ts';
import type { TileKeeperOptions } from '../logged-data/index.ts';

/** Default request body limit (JSON bodies; uploads have their own limit). */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/** Default size limit of one uploaded file. */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024 * 1024;
/** How many bodies of the largest size all JSON requests in flight may hold together (more get 429). */
const BODIES_IN_FLIGHT = 4;
/** Default number of uploads received at a time (more get 429 and are retried by the SDK). */
export const DEFAULT_UPLOADS_IN_FLIGHT = 16;
/** The intervals E9 suggests by default: a live experiment's beat, and the usage-report intervals. */
export const DEFAULT_KEEP_ALIVE: KeepAliveIntervals = {
  isAliveBeatDurationMillis: 10_000,
  gpuMonitorIntervalMillis: 60_000,
  cpuMonitorIntervalMillis: 60_000,
};

/** How to start the tracking service. */
export interface ServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Blobs (and, without `databaseUrl`, the SQLite database) live here. */
  dataDir: string;
  /** `s3://bucket/prefix`: keep blobs in an S3-compatible object store instead of `<dataDir>/blobs`. */
  blobStore?: string;
  /** A `postgres://` URL: the rows live in that PostgreSQL database instead of SQLite (several instances may share it). */
  databaseUrl?: string;
  /** The key sealing the secrets in the database (env TRACKDESK_SECRETS_KEY…); without it, `<dataDir>/secrets.key` (made on first start). */
  secretsKeys?: GivenSecretsKeys;
  /** The admin key registered on first start; random (and written to `admin-api-key`) when omitted. */
  bootstrapApiKey?: string;
  /** The admin password set on first start ('generate': random, written to `admin-password`); none when omitted. */
  bootstrapPassword?: string;
  /**
   * The local service's (one person's): its workspace's name. The admin's default workspace, still called "admin", is
   * renamed to it on start, and "admin" keeps naming it. Omitted by the standalone service.
   */
  localWorkspaceName?: string;
  /** Let webhooks target private/loopback addresses (off by default: SSRF). */
  webhooksAllowPrivate?: boolean;
  /** Let a person holding an invitation create their account with it (off: a service admin makes accounts). */
  allowSignUp?: boolean;
  /** Take user names and passwords (default); false leaves them to service admins, as a way in when single sign-on fails. */
  passwordSignIn?: boolean;
  /** Sign people in through an OpenID provider. */
  sso?: SsoSettings;
  /**
   * The reverse proxies (IP addresses or CIDR ranges) whose X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host
   * are believed: the client's address, scheme and host come from them. None by default (the headers are ignored).
   */
  trustedProxies?: string[];
  /** The address clients reach the service at (`https://trackdesk.example.com`): every link the service hands out starts with it. */
  publicUrl?: string;
  bodyLimitBytes?: number;
  uploadLimitBytes?: number;
  /** Uploads received at a time; one more gets 429 with Retry-After-Custom. */
  uploadsInFlight?: number;
  /** Fastify's request log on stdout. */
  logger?: boolean;
  keepAlive?: Partial<KeepAliveIntervals>;
  /** Overrides of the webhook delivery policy (tests shorten the backoff). */
  webhookDelivery?: Partial<DeliveryPolicy>;
  /** Per-experiment logging limits (unset ones: the hosted service's, compat.md §2); `Infinity` lifts one. */
  throttle?: Partial<ThrottleLimits>;
  /** How the background tiling of large metric series paces itself (tests shorten its waits). */
  backgroundTiles?: TileKeeperOptions;
  /** The clock (ms since the epoch); tests pass their own to step time without sleeping. */
  now?: () => number;
  /** How long an instance may stay silent before its peers remove its unfinished uploads (default 60 s; it beats six times as often). */
  instanceTimeoutMs?: number;
  /** How often alert rules look for ended, silent and stale runs (default 1 s; tests shorten it). */
  alertSweepMillis?: number;
  /** Routes of the process that hosts the service (the desktop app's local service: its identity and control), added before listening. */
  hostRoutes?: (app: FastifyInstance) => void;
}

/** A running service. */
export interface RunningServer {
  /** `http://<host>:<port>` */
  url: string;
  port: number;
  /** A key generated on this (first) start, also written to `<data-dir>/admin-api-key`. */
  generatedAdminKey?: string;
  /** A password generated on this (first) start, also written to `<data-dir>/admin-password`. */
  generatedAdminPassword?: string;
  /** Settles once the leftovers of earlier runs (orphaned blobs, deleted rows' files) are swept, which starts after listening. */
  swept: Promise<void>;
  /**
   * Graceful: stops accepting, finishes in-flight requests, stops workers, closes the database. Idempotent. With
   * `drainMs`, first refuses new connections and waits up to that long for the open ones to end after an answer
   * (`Connection: close`), so no connection in use is reset (a restart).
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** The contract's multipart (upload) entries, the entries whose bodies decoding threads read, and the others. */
function splitByBodyKind(contract: Record<string, Endpoint>): [Record<string, Endpoint>, Record<string, Endpoint>, Record<string, Endpoint>] {
  const entries = Object.entries(contract);
  const threadDecoded = ([name]: [string, Endpoint]) => THREAD_DECODED_ENDPOINTS.includes(name);
  return [
    Object.fromEntries(entries.filter(([, endpoint]) => endpoint.bodyKind === 'multipart')),
    Object.fromEntries(entries.filter(threadDecoded)),
    Object.fromEntries(entries.filter((entry) => entry[1].bodyKind !== 'multipart' && !threadDecoded(entry))),
  ];
}

/** Removes what earlier runs left behind; a failure is logged, as the next start sweeps again. */
async function sweepLeftovers(services: Services): Promise<void> {
  try {
    await services.blobs.sweepOrphans(services.blobGarbage.isReferenced);
    await services.blobGarbage.collect();
  } catch (error) {
    console.error('Sweeping the leftovers of earlier runs failed; the next start tries again.', error);
  }
}

/** Opens the data dir, bootstraps the admin key on first start, and listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  // Bad proxy or public-URL settings fail the start before anything is opened.
  const trustProxy = options.trustedProxies?.length ? parseTrustedProxies(options.trustedProxies.join(',')) : false;
  const publicUrl = options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl);
  const storage = await openStorage({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, secretsKeys: options.secretsKeys });
  const bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const services = createServices(
    storage,
    {
      dataDir: options.dataDir,
      blobStore: options.blobStore,
      webhooksAllowPrivate: options.webhooksAllowPrivate ?? false,
      allowSignUp: options.allowSignUp ?? false,
      passwordSignIn: options.passwordSignIn ?? true,
      sso: options.sso,
      keepAlive: { ...DEFAULT_KEEP_ALIVE, ...options.keepAlive },
      uploadLimitBytes: options.uploadLimitBytes ?? DEFAULT_UPLOAD_LIMIT_BYTES,
      webhookDelivery: options.webhookDelivery,
      throttle: options.throttle,
      backgroundTiles: options.backgroundTiles,
      instanceTimeoutMs: options.instanceTimeoutMs,
      alertSweepMillis: options.alertSweepMillis,
    },
    options.now,
  );
  // This instance's heartbeat row, and a restart's own dead uploads removed, before it takes any upload.
  await services.tempKeeper.start();
  // Hashing a generated admin password takes a core for a moment: on another thread, while the routes are set up.
  const bootstrapping = bootstrapAdmin(services, options.bootstrapApiKey, options.bootstrapPassword).then(async (result) => {
    if (options.localWorkspaceName !== undefined) await nameLocalWorkspace(services, options.localWorkspaceName, services.now());
    return result;
  });
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    forceCloseConnections: 'idle',
    serverFactory: guardedServerFactory,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    trustProxy,
  });
  installPublicUrl(app, publicUrl);
  installProtocolReplies(app);
  installJsonBodyParser(app);
  installExactJsonContentType(app);
  const [uploadEntries, threadDecodedEntries, otherEntries] = splitByBodyKind(api);
  const uploadLimit = options.uploadLimitBytes ?? DEFAULT_UPLOAD_LIMIT_BYTES;
  const isUpload = routedTo(Object.values(uploadEntries));
  // A compressed form may decode to its file and, beside it, up to a body limit of other parts.
  const decodedLimit = (request: FastifyRequest) => (isUpload(request) ? uploadLimit + bodyLimit : bodyLimit);
  installRequestDecompression(app, { leaveEncoded: routedTo(Object.values(threadDecodedEntries)), decodedLimit });
  installErrorReplies(app, bodyLimit);
  closePromptly(app);
  const drain = installConnectionDrain(app);
  const handlers = createHandlers(services);
  const authenticate = createAuthenticator(services.users, services.externalCommits);
  // @fastify/multipart adds per-request hooks to every route of its scope: only the upload routes get it.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: uploadLimit } });
    limitUploadsInFlight(uploads, options.uploadsInFlight ?? DEFAULT_UPLOADS_IN_FLIGHT);
    registerContractRoutes(uploads, uploadEntries, handlers, authenticate);
  });
  await app.register(async (others) => {
    limitBodyBytesInFlight(others, bodyLimit, BODIES_IN_FLIGHT);
    // As @fastify/multipart's parser does: a form sent to a JSON endpoint leaves the body unread and absent (400).
    others.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    registerContractRoutes(others, otherEntries, handlers, authenticate);
    // The SDK's batches: decompressed and parsed on decoding threads, under the same budget of bodies in flight.
    await others.register(async (batches) => {
      installBatchBodyDecoding(batches, jsonBodyParser(app));
      registerContractRoutes(batches, threadDecodedEntries, handlers, authenticate);
    });
  });
  // The run address the SDK prints: a page for browsers, the JSON 404 for everyone else.
  registerExperimentPage(app, services);
  options.hostRoutes?.(app);

  let bootstrap: Awaited<typeof bootstrapping>;
  try {
    bootstrap = await bootstrapping;
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    await services.closing();
    await storage.close();
    throw error;
  }
  services.tileKeeper.start();
  const swept = sweepLeftovers(services);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const hostInUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  services.alerts.setOrigin(publicUrl ?? `http://${hostInUrl}:${port}`);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostInUrl}:${port}`,
    port,
    generatedAdminKey: bootstrap.generatedAdminKey,
    generatedAdminPassword: bootstrap.generatedAdminPassword,
    swept,
    close(closeOptions = {}) {
      closing ??= (async () => {
        if (closeOptions.drainMs) await drain(closeOptions.drainMs);
        await app.close();
        await swept;
        await services.closing();
        await storage.close();
      })();
      return closing;
    },
  };
}
