import { type AlertServices, createAlerts } from '../alerts/index.ts';
import type { ClientlibServices } from '../clientlib/index.ts';
import { type KeepAliveIntervals, createAccess, createRpcStore, createExperimentStore, createProjectStore } from '../experiments/index.ts';
import { type LiveServices, createChangeStore, createLiveDataStore } from '../live/index.ts';
import { type PanelServices, createPanelStore, createVizStoreStore } from '../panels/index.ts';
import { type RegistryServices, createRegistryStore, createRegistryHistoryStore, createRegistryStatusStore, createRegistryPolicyStore, createPromotionRequestStore, createPromotionEvidenceStore } from '../registry/index.ts';
import { type SearchServices, createSearchStore } from '../search/index.ts';
import { type ViewServices, createViewStore } from '../views/index.ts';
import { createBlobCollector } from '../blobs/blob-garbage.ts';
import { openBlobStore } from '../blobs/open-blob-store.ts';
import { createTempKeeper, type TempKeeper } from '../blobs/temp-keeper.ts';
import { createArtifactStore, createArtifactLineageStore, createAssetStore, createExperimentModelStore, createGitPatchStore, createImagePreviews } from '../assets/index.ts';
import { createSeriesSampler, createMetricTileStore, createLoggedDataStore, createThrottleGuard, createTileKeeper, type TileKeeperOptions } from '../logged-data/index.ts';
import { createWebhooks, type DeliveryPolicy } from '../webhooks/index.ts';
import type { Sql } from '../database/sql.ts';
import type { SecretBox } from '../database/secret-box.ts';
import type { ExternalCommits } from '../database/external-commits.ts';
import { createAuditStore, createInvitationStore, createSsoServices, createUserStore, createWorkspaceStore, startPeriodicRechecks, type SsoSettings } from '../accounts/index.ts';
import { defaultThrottleLimits, type ThrottleLimits } from '../throttle/rate-limits.ts';

/** Settings every part of the service may read. */
export interface ServiceConfig {
  dataDir: string;
  /** `s3://bucket/prefix`: blobs in an S3-compatible object store (`--blob-store`); in `<dataDir>/blobs` without it. */
  blobStore?: string;
  /** Whether a person holding an invitation may create their account with it (`--allow-sign-up`). */
  allowSignUp: boolean;
  /** Whether user names and passwords are taken (`--no-password-sign-in` turns it off, but for service admins). */
  passwordSignIn: boolean;
  /** Single sign-on through an OpenID provider (`--oidc-issuer`); none without it. */
  sso?: SsoSettings;
  webhooksAllowPrivate: boolean;
  keepAlive: KeepAliveIntervals;
  /** Size limit of one uploaded file (E44, E45, E53): 413 beyond it. */
  uploadLimitBytes: number;
  /** Overrides of the webhook delivery policy (tests shorten the backoff). */
  webhookDelivery?: Partial<DeliveryPolicy>;
  /** Per-experiment logging limits; unset ones default to the hosted service's (compat.md §2). */
  throttle?: Partial<ThrottleLimits>;
  /** How the background tiling of large metric series paces itself (tests shorten its waits). */
  backgroundTiles?: TileKeeperOptions;
  /** How long an instance sharing the data dir may stay silent before its peers remove its unfinished uploads. */
  instanceTimeoutMs?: number;
  /** How often the alert rules' sweep looks for ended, silent and stale runs (default 1 s). */
  alertSweepMillis?: number | undefined;
}

/** Something to run when an experiment is purged (e.g. deleting its blobs; rows go by ON DELETE CASCADE). */
export type PurgeListener = (experimentId: number) => void | Promise<void>;
/** Something to stop when the service closes (workers, timers), after the last request finished. */
export type CloseListener = () => void | Promise<void>;

/** The composition root handed to every handler-table factory: every domain's services, and what only the process uses. */
export interface Services extends RegistryServices, PanelServices, LiveServices, ClientlibServices, SearchServices, ViewServices, AlertServices {
  config: ServiceConfig;
  /** Other connections' commits (e.g. `keys revoke` in another process): drops the caches of committed state. */
  externalCommits: ExternalCommits;
  /** Registers work to do after an experiment is purged from the database. */
  onExperimentPurged(listener: PurgeListener): void;
  /** Registers work to do on graceful shutdown, before the database closes. */
  onClose(listener: CloseListener): void;
  /** Runs the close listeners (called by the server on close). */
  closing(): Promise<void>;
  /** This instance's heartbeat and the sweep of dead uploads' temp files (started by the server). */
  tempKeeper: TempKeeper;
}

/** Builds the services over an open database. Other parts add their stores here, one line each. */
export function createServices(storage: { sql: Sql; externalCommits: ExternalCommits; secrets: SecretBox }, config: ServiceConfig, now: () => number = Date.now): Services {
  const { sql, externalCommits, secrets } = storage;
  const purgeListeners: PurgeListener[] = [];
  const metricTiles = createMetricTileStore(sql);
  const closeListeners: CloseListener[] = [];
  const workspaces = createWorkspaceStore(sql);
  const experiments = createExperimentStore(sql);
  const projects = createProjectStore(sql, experiments.forgetAll);
  externalCommits.onCommit(workspaces.forgetMembers);
  externalCommits.onCommit(experiments.forgetAll);
  const registryHistory = createRegistryHistoryStore(sql);
  const blobs = openBlobStore(config.dataDir, config.blobStore);
  const previews = createImagePreviews(config.dataDir, blobs);
  const blobGarbage = createBlobCollector(sql, blobs, previews.forget);
  const tempKeeper = createTempKeeper(sql, blobs, config.instanceTimeoutMs);
  const webhooks = createWebhooks(sql, {
    allowPrivate: config.webhooksAllowPrivate,
    policy: config.webhookDelivery,
    now,
    secrets,
    onError: (error) => console.error('webhook delivery failed unexpectedly', error),
  });
  purgeListeners.push(() => blobGarbage.collect().then(() => undefined));
  closeListeners.push(() => webhooks.worker.close());
  closeListeners.push(() => previews.close());
  const tileKeeper = createTileKeeper(metricTiles, config.backgroundTiles);
  closeListeners.push(() => tileKeeper.close());
  closeListeners.push(() => tempKeeper.close());
  const sso = config.sso && createSsoServices(sql, config.sso, secrets);
  const loggedData = createLoggedDataStore(sql);
  const alerts = createAlerts(sql, {
    experiments,
    values: loggedData.values,
    runEvents: webhooks.runEvents,
    now,
    beatMillis: config.keepAlive.isAliveBeatDurationMillis,
    sweepMillis: config.alertSweepMillis,
    onError: (error) => console.error('evaluating alert rules failed', error),
  });
  externalCommits.onCommit(alerts.forget);
  closeListeners.push(() => alerts.sweep.close());
  const services: Services = {
    sql,
    config,
    now,
    externalCommits,
    users: createUserStore(sql),
    audit: createAuditStore(sql),
    invitations: createInvitationStore(sql),
    sso,
    workspaces,
    projects,
    experiments,
    access: createAccess({ workspaces, projects, experiments }),
    blobs,
    blobGarbage,
    assets: createAssetStore(sql),
    experimentModels: createExperimentModelStore(sql),
    gitPatches: createGitPatchStore(sql),
    registry: createRegistryStore(sql, registryHistory),
    registryHistory,
    registryStatuses: createRegistryStatusStore(sql),
    registryPolicies: createRegistryPolicyStore(sql),
    promotionRequests: createPromotionRequestStore(sql),
    promotionEvidence: createPromotionEvidenceStore(sql),
    webhooks,
    artifacts: createArtifactStore(sql),
    artifactLineage: createArtifactLineageStore(sql),
    previews,
    vizStores: createVizStoreStore(sql),
    panels: createPanelStore(sql),
    rpc: createRpcStore(sql),
    loggedData,
    alerts,
    alertsOrigin: alerts.origin,
    metricsLogged: alerts.metrics.logged,
    sdkNotified: alerts.sdkNotified,
    search: createSearchStore(sql),
    views: createViewStore(sql),
    throttle: createThrottleGuard({ ...defaultThrottleLimits, ...config.throttle }, experiments, now),
    changes: createChangeStore(sql),
    liveData: createLiveDataStore(sql),
    metricTiles,
    seriesSampler: createSeriesSampler(metricTiles),
    tileKeeper,
    tempKeeper,
    onExperimentPurged: (listener) => void purgeListeners.push(listener),
    async experimentPurged(experimentId) {
      for (const listener of purgeListeners) await listener(experimentId);
    },
    onClose: (listener) => void closeListeners.push(listener),
    async closing() {
      for (const listener of closeListeners) await listener();
    },
  };
  if (sso) closeListeners.push(startPeriodicRechecks(services, sso));
  return services;
}
