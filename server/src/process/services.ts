import { createAccess, type Access } from '../experiments/access.ts';
import { createBlobCollector, type BlobCollector } from '../blobs/blob-garbage.ts';
import { createBlobStore, type BlobStore } from '../blobs/blob-store.ts';
import { createArtifactStore, type ArtifactStore } from '../assets/artifact-store.ts';
import { createArtifactLineageStore, type ArtifactLineageStore } from '../assets/artifact-lineage-store.ts';
import { createChangeStore, type ChangeStore } from '../live/change-store.ts';
import { createLiveDataStore, type LiveDataStore } from '../live/live-data-store.ts';
import { createSeriesSampler, type SeriesSampler } from '../logged-data/metrics/series-sampler.ts';
import { createMetricTileStore, type MetricTileStore } from '../logged-data/metrics/tile-store.ts';
import { createAssetStore, type AssetStore } from '../assets/asset-store.ts';
import { createExperimentModelStore, type ExperimentModelStore } from '../assets/experiment-model-store.ts';
import { createGitPatchStore, type GitPatchStore } from '../assets/git-patch-store.ts';
import { createPanelStore, type PanelStore } from '../panels/panel-store.ts';
import { createRegistryStore, type RegistryStore } from '../registry/registry-store.ts';
import { createRegistryHistoryStore, type RegistryHistoryStore } from '../registry/history-store.ts';
import { createRegistryStatusStore, type RegistryStatusStore } from '../registry/status-store.ts';
import { createRegistryPolicyStore, type RegistryPolicyStore } from '../registry/governance/policy-store.ts';
import { createPromotionRequestStore, type PromotionRequestStore } from '../registry/governance/request-store.ts';
import { createRpcStore, type RpcStore } from '../remote-calls/rpc-store.ts';
import { createVizStoreStore, type VizStoreStore } from '../panels/viz-store-store.ts';
import { createWebhookServices, type WebhookServices } from '../webhooks/webhook-services.ts';
import type { DeliveryPolicy } from '../webhooks/worker.ts';
import type { Sql } from '../database/sql.ts';
import { createExperimentStore, type ExperimentStore } from '../experiments/experiment-store.ts';
import type { ExternalCommits } from '../database/external-commits.ts';
import { createProjectStore, type ProjectStore } from '../experiments/project-store.ts';
import { createUserStore, type UserStore } from '../accounts/user-store.ts';
import { createWorkspaceStore, type WorkspaceStore } from '../accounts/workspace-store.ts';
import { createLoggedDataStore, type LoggedDataStore } from '../logged-data/logged-data-store.ts';
import { createSearchStore, type SearchStore } from '../search/search-store.ts';
import { createThrottleGuard, type ThrottleGuard } from '../logged-data/throttle-guard.ts';
import { createTileKeeper, type TileKeeper, type TileKeeperOptions } from '../logged-data/metrics/tile-keeper.ts';
import { defaultThrottleLimits, type ThrottleLimits } from '../throttle/rate-limits.ts';

/** The intervals E9 answers (ms). */
export interface KeepAliveIntervals {
  isAliveBeatDurationMillis: number;
  gpuMonitorIntervalMillis: number;
  cpuMonitorIntervalMillis: number;
}

/** Settings every part of the service may read. */
export interface ServiceConfig {
  dataDir: string;
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
}

/** Something to run when an experiment is purged (e.g. deleting its blobs; rows go by ON DELETE CASCADE). */
export type PurgeListener = (experimentId: number) => void | Promise<void>;
/** Something to stop when the service closes (workers, timers), after the last request finished. */
export type CloseListener = () => void | Promise<void>;

/** The composition root handed to every handler-table factory. */
export interface Services {
  /** The storage connection (SQLite or PostgreSQL): stores and transactions go through it. */
  sql: Sql;
  config: ServiceConfig;
  /** The clock (ms since the epoch); tests may pass their own. */
  now: () => number;
  /** Other connections' commits (e.g. `keys revoke` in another process): drops the caches of committed state. */
  externalCommits: ExternalCommits;
  users: UserStore;
  workspaces: WorkspaceStore;
  projects: ProjectStore;
  experiments: ExperimentStore;
  access: Access;
  blobs: BlobStore;
  /** Frees the bytes of deleted assets, patches and panels. */
  blobGarbage: BlobCollector;
  assets: AssetStore;
  experimentModels: ExperimentModelStore;
  gitPatches: GitPatchStore;
  /** Registry models and versions; every version change writes its history entry. */
  registry: RegistryStore;
  /** The history of registry versions (read side; the registry store writes it). */
  registryHistory: RegistryHistoryStore;
  /** Each workspace's allowed registry status values. */
  registryStatuses: RegistryStatusStore;
  /** Approval policies of the registry (workspace default and per model). */
  registryPolicies: RegistryPolicyStore;
  /** Changes held back by a policy until another user approves them. */
  promotionRequests: PromotionRequestStore;
  webhooks: WebhookServices;
  artifacts: ArtifactStore;
  /** Which experiments produced and consumed which artifact versions. */
  artifactLineage: ArtifactLineageStore;
  vizStores: VizStoreStore;
  panels: PanelStore;
  rpc: RpcStore;
  /** Metrics, parameters, others, output, documents and tags logged to experiments. */
  loggedData: LoggedDataStore;
  /** Queries over a project's experiments (project/query, experiments/search, paged lists). */
  search: SearchStore;
  /** The per-experiment logging limits. */
  throttle: ThrottleGuard;
  /** What changed in a project's experiment list since a reader's last look. */
  changes: ChangeStore;
  /** What an experiment logged since a reader's last look. */
  liveData: LiveDataStore;
  /** Pre-aggregated tiles of metric series (filled at read time, and by the tile keeper in quiet moments). */
  metricTiles: MetricTileStore;
  /** Metric series downsampled for charts, from the tiles. */
  seriesSampler: SeriesSampler;
  /** Tiles large metric series in the service's quiet moments (told of every metric append). */
  tileKeeper: TileKeeper;
  /** Registers work to do after an experiment is purged from the database. */
  onExperimentPurged(listener: PurgeListener): void;
  /** Runs the purge listeners (called by the purge handler after the row is gone). */
  experimentPurged(experimentId: number): Promise<void>;
  /** Registers work to do on graceful shutdown, before the database closes. */
  onClose(listener: CloseListener): void;
  /** Runs the close listeners (called by the server on close). */
  closing(): Promise<void>;
}

/** Builds the services over an open database. Other parts add their stores here, one line each. */
export function createServices(storage: { sql: Sql; externalCommits: ExternalCommits }, config: ServiceConfig, now: () => number = Date.now): Services {
  const { sql, externalCommits } = storage;
  const purgeListeners: PurgeListener[] = [];
  const metricTiles = createMetricTileStore(sql);
  const closeListeners: CloseListener[] = [];
  const workspaces = createWorkspaceStore(sql);
  const experiments = createExperimentStore(sql);
  const projects = createProjectStore(sql, experiments.forgetAll);
  externalCommits.onCommit(workspaces.forgetMembers);
  externalCommits.onCommit(experiments.forgetAll);
  const registryHistory = createRegistryHistoryStore(sql);
  const blobs = createBlobStore(config.dataDir);
  const blobGarbage = createBlobCollector(sql, blobs);
  const webhooks = createWebhookServices(sql, {
    allowPrivate: config.webhooksAllowPrivate,
    policy: config.webhookDelivery,
    now,
    onError: (error) => console.error('webhook delivery failed unexpectedly', error),
  });
  purgeListeners.push(() => blobGarbage.collect().then(() => undefined));
  closeListeners.push(() => webhooks.worker.close());
  const tileKeeper = createTileKeeper(metricTiles, config.backgroundTiles);
  closeListeners.push(() => tileKeeper.close());
  return {
    sql,
    config,
    now,
    externalCommits,
    users: createUserStore(sql),
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
    webhooks,
    artifacts: createArtifactStore(sql),
    artifactLineage: createArtifactLineageStore(sql),
    vizStores: createVizStoreStore(sql),
    panels: createPanelStore(sql),
    rpc: createRpcStore(sql),
    loggedData: createLoggedDataStore(sql),
    search: createSearchStore(sql),
    throttle: createThrottleGuard({ ...defaultThrottleLimits, ...config.throttle }, experiments, now),
    changes: createChangeStore(sql),
    liveData: createLiveDataStore(sql),
    metricTiles,
    seriesSampler: createSeriesSampler(metricTiles),
    tileKeeper,
    onExperimentPurged: (listener) => void purgeListeners.push(listener),
    async experimentPurged(experimentId) {
      for (const listener of purgeListeners) await listener(experimentId);
    },
    onClose: (listener) => void closeListeners.push(listener),
    async closing() {
      for (const listener of closeListeners) await listener();
    },
  };
}
