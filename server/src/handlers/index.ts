import { createClientlibLoggerHandlers } from '../clientlib/handlers.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';
import { createArtifactVersionHandlers } from './artifact-versions.ts';
import { createArtifactHandlers } from './artifacts.ts';
import { createAssetHandlers } from './assets.ts';
import { createExperimentClientHandlers } from './experiment-client.ts';
import { createExperimentLifecycleHandlers } from './experiment-lifecycle.ts';
import { createExperimentHandlers } from './experiments.ts';
import { createLiveHandlers } from './live.ts';
import { createLoggingHandlers } from './logging.ts';
import { createMetaHandlers } from './meta.ts';
import { createMetricSeriesHandlers } from './metric-series.ts';
import { createPanelHandlers } from './panels.ts';
import { createProjectHandlers } from './projects.ts';
import { createRegistryHandlers } from './registry.ts';
import { createRpcHandlers } from './rpc.ts';
import { createSearchHandlers } from './search.ts';
import { createStoreHandlers } from './stores.ts';
import { createWebhookHandlers } from './webhooks.ts';
import { createWorkspaceHandlers } from './workspaces.ts';

/** Every handler table, merged: one line per domain. */
export function createHandlers(services: Services): HandlerTable {
  return {
    ...createMetaHandlers(),
    ...createWorkspaceHandlers(services),
    ...createProjectHandlers(services),
    ...createExperimentHandlers(services),
    ...createExperimentLifecycleHandlers(services),
    ...createExperimentClientHandlers(services),
    ...createRegistryHandlers(services),
    ...createAssetHandlers(services),
    ...createWebhookHandlers(services),
    ...createArtifactHandlers(services),
    ...createArtifactVersionHandlers(services),
    ...createStoreHandlers(services),
    ...createPanelHandlers(services),
    ...createRpcHandlers(services),
    ...createLoggingHandlers(services),
    ...createClientlibLoggerHandlers(services),
    ...createSearchHandlers(services),
    ...createLiveHandlers(services),
    ...createMetricSeriesHandlers(services),
  };
}
