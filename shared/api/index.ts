import { artifactEndpoints } from './artifacts.ts';
import { assetEndpoints } from './assets.ts';
import type { Endpoint } from './define.ts';
import { experimentModelEndpoints } from './experiment-models.ts';
import { experimentEndpoints } from './experiments.ts';
import { liveEndpoints } from './live.ts';
import { loggingEndpoints } from './logging.ts';
import { metaEndpoints } from './meta.ts';
import { projectEndpoints } from './projects.ts';
import { registryItemEndpoints } from './registry-items.ts';
import { registryEndpoints } from './registry.ts';
import { webhookEndpoints } from './webhooks.ts';
import { workspaceEndpoints } from './workspaces.ts';

export * from './define.ts';
export * from './errors.ts';
export * from './fields.ts';

/** The whole wire contract, keyed by a name that says what each endpoint does. */
export const api = {
  ...metaEndpoints,
  ...workspaceEndpoints,
  ...projectEndpoints,
  ...experimentEndpoints,
  ...loggingEndpoints,
  ...registryEndpoints,
  ...registryItemEndpoints,
  ...assetEndpoints,
  ...experimentModelEndpoints,
  ...artifactEndpoints,
  ...webhookEndpoints,
  ...liveEndpoints,
};

/** The name of an endpoint in the contract. */
export type EndpointName = keyof typeof api;

/** Every endpoint of the contract as a list (for route registration, OpenAPI and conformance tests). */
export const endpoints: readonly Endpoint[] = Object.values(api);
