import { accountEndpoints, userEndpoints } from './account.ts';
import { analysisEndpoints } from './analysis.ts';
import { alertEndpoints } from './alerts.ts';
import { analysisViewEndpoints } from './analysis-views.ts';
import { artifactEndpoints } from './artifacts.ts';
import { auditEndpoints } from './audit.ts';
import { invitationEndpoints } from './invitations.ts';
import { artifactVersionEndpoints } from './artifact-versions.ts';
import { artifactLineageEndpoints } from './artifact-lineage.ts';
import { assetEndpoints } from './assets.ts';
import { assetContentEndpoints } from './asset-contents.ts';
import { clientlibBatchEndpoints } from './clientlib-batches.ts';
import { clientlibExtraEndpoints } from './clientlib-extras.ts';
import { clientlibLoggerEndpoints } from './clientlib-logger.ts';
import { clientlibRemoteEndpoints } from './clientlib-remote.ts';
import { clientlibSceneEndpoints } from './clientlib-scenes.ts';
import { clientlibUploadEndpoints } from './clientlib-uploads.ts';
import type { Endpoint } from './define.ts';
import { experimentClientEndpoints } from './experiment-client.ts';
import { experimentModelEndpoints } from './experiment-models.ts';
import { experimentEndpoints } from './experiments.ts';
import { liveEndpoints } from './live.ts';
import { loggingEndpoints } from './logging.ts';
import { mediaManyEndpoints } from './media-many.ts';
import { memberEndpoints } from './members.ts';
import { metaEndpoints } from './meta.ts';
import { metricSeriesEndpoints } from './metric-series.ts';
import { metricSeriesManyEndpoints } from './metric-series-many.ts';
import { projectEndpoints } from './projects.ts';
import { promotionEvidenceEndpoints } from './promotion-evidence.ts';
import { registryGovernanceEndpoints } from './registry-governance.ts';
import { registryItemEndpoints } from './registry-items.ts';
import { registryEndpoints } from './registry.ts';
import { searchEndpoints } from './search.ts';
import { ssoEndpoints } from './sso.ts';
import { webhookEndpoints } from './webhooks.ts';
import { workspaceEndpoints } from './workspaces.ts';

export * from './define.ts';
export * from './errors.ts';
export * from './fields.ts';
export { keyRecord, userRecord } from './account.ts';
export { invitationInfo, invitationRecord } from './invitations.ts';
export { auditActions, auditRecord } from './audit.ts';
export { leastRoleFor, memberRecord, readOnlyKeyMay, roleAllows, workspaceRole, type WorkspaceRole } from './members.ts';

/** The whole wire contract, keyed by a name that says what each endpoint does. */
export const api = {
  ...metaEndpoints,
  ...workspaceEndpoints,
  ...memberEndpoints,
  ...auditEndpoints,
  ...accountEndpoints,
  ...userEndpoints,
  ...invitationEndpoints,
  ...ssoEndpoints,
  ...projectEndpoints,
  ...experimentEndpoints,
  ...experimentClientEndpoints,
  ...loggingEndpoints,
  ...registryEndpoints,
  ...registryItemEndpoints,
  ...registryGovernanceEndpoints,
  ...promotionEvidenceEndpoints,
  ...assetEndpoints,
  ...mediaManyEndpoints,
  ...assetContentEndpoints,
  ...experimentModelEndpoints,
  ...artifactEndpoints,
  ...artifactVersionEndpoints,
  ...artifactLineageEndpoints,
  ...webhookEndpoints,
  ...clientlibLoggerEndpoints,
  ...clientlibBatchEndpoints,
  ...clientlibExtraEndpoints,
  ...clientlibUploadEndpoints,
  ...clientlibSceneEndpoints,
  ...clientlibRemoteEndpoints,
  ...searchEndpoints,
  ...liveEndpoints,
  ...metricSeriesEndpoints,
  ...metricSeriesManyEndpoints,
  ...analysisEndpoints,
  ...analysisViewEndpoints,
  ...alertEndpoints,
};

/** The name of an endpoint in the contract. */
export type EndpointName = keyof typeof api;

/** Every endpoint of the contract as a list (for route registration, OpenAPI and conformance tests). */
export const endpoints: readonly Endpoint[] = Object.values(api);
