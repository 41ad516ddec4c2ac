import type { Endpoint } from './define.ts';
import { metaEndpoints } from './meta.ts';
import { workspaceEndpoints } from './workspaces.ts';

export * from './define.ts';
export * from './errors.ts';
export * from './fields.ts';

/** The whole wire contract, keyed by a name that says what each endpoint does. */
export const api = {
  ...metaEndpoints,
  ...workspaceEndpoints,
};

/** The name of an endpoint in the contract. */
export type EndpointName = keyof typeof api;

/** Every endpoint of the contract as a list (for route registration, OpenAPI and conformance tests). */
export const endpoints: readonly Endpoint[] = Object.values(api);
