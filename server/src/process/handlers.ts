import { createClientlibLoggerHandlers } from '../clientlib/handlers.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { Services } from './services.ts';
import { createArtifactVersionHandlers } from '../assets/artifact-version-handlers.ts';
import { createArtifactHandlers } from '../assets/artifact-handlers.ts';
import { createAssetHandlers } from '../assets/asset-handlers.ts';
import { createExperimentClientHandlers } from '../logged-data/experiment-client-handlers.ts';
import { createExperimentLifecycleHandlers } from '../experiments/lifecycle-handlers.ts';
import { createExperimentHandlers } from '../experiments/experiment-handlers.ts';
import { createLiveHandlers } from '../live/live-handlers.ts';
import { createLoggingHandlers } from '../logged-data/logging-handlers.ts';
import { createMetaHandlers } from './version-handlers.ts';
import { createMetricSeriesHandlers } from '../logged-data/metrics/series-handlers.ts';
import { createPanelHandlers } from '../panels/panel-handlers.ts';
import { createProjectHandlers } from '../experiments/project-handlers.ts';
import { createRegistryHandlers } from '../registry/registry-handlers.ts';
import { createRpcHandlers } from '../remote-calls/rpc-handlers.ts';
import { createSearchHandlers } from '../search/search-handlers.ts';
import { createStoreHandlers } from '../panels/viz-store-handlers.ts';
import { createWebhookHandlers } from '../webhooks/webhook-handlers.ts';
import { createWorkspaceHandlers } from '../accounts/workspace-handlers.ts';

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
