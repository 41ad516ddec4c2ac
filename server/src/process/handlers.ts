import { createAlertHandlers } from '../alerts/index.ts';
import { createClientlibLoggerHandlers } from '../clientlib/index.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { Services } from './services.ts';
import { createArtifactScreenHandlers, createArtifactVersionHandlers, createArtifactHandlers, createAssetHandlers } from '../assets/index.ts';
import { createAssetContentHandlers } from '../asset-contents/index.ts';
import { createExperimentClientHandlers, createLoggingHandlers, createMetricSeriesHandlers } from '../logged-data/index.ts';
import { createExperimentLifecycleHandlers, createExperimentHandlers, createProjectHandlers, createRpcHandlers } from '../experiments/index.ts';
import { createLiveHandlers } from '../live/index.ts';
import { createMetaHandlers } from './version-handlers.ts';
import { createPanelHandlers, createStoreHandlers } from '../panels/index.ts';
import { createRegistryHandlers } from '../registry/index.ts';
import { createSearchHandlers } from '../search/index.ts';
import { createViewHandlers } from '../views/index.ts';
import { createWebhookHandlers } from '../webhooks/index.ts';
import {
  createAccountHandlers,
  createAuditHandlers,
  createInvitationHandlers,
  createMemberHandlers,
  createSsoHandlers,
  createUserHandlers,
  createWorkspaceHandlers,
} from '../accounts/index.ts';

/** Every handler table, merged: one line per domain. */
export function createHandlers(services: Services): HandlerTable {
  return {
    ...createMetaHandlers(),
    ...createWorkspaceHandlers(services),
    ...createMemberHandlers(services),
    ...createAuditHandlers(services),
    ...createAccountHandlers(services),
    ...createUserHandlers(services),
    ...createInvitationHandlers(services),
    ...createSsoHandlers(services),
    ...createProjectHandlers(services),
    ...createExperimentHandlers(services),
    ...createExperimentLifecycleHandlers(services),
    ...createExperimentClientHandlers(services),
    ...createRegistryHandlers(services),
    ...createAssetHandlers(services),
    ...createAssetContentHandlers(services),
    ...createWebhookHandlers(services),
    ...createArtifactHandlers(services),
    ...createArtifactVersionHandlers(services),
    ...createArtifactScreenHandlers(services),
    ...createStoreHandlers(services),
    ...createPanelHandlers(services),
    ...createRpcHandlers(services),
    ...createLoggingHandlers(services),
    ...createClientlibLoggerHandlers(services),
    ...createSearchHandlers(services),
    ...createViewHandlers(services),
    ...createLiveHandlers(services),
    ...createMetricSeriesHandlers(services),
    ...createAlertHandlers(services),
  };
}
