/** The test provider's shared in-memory storage: oidc-provider's own adapter, which its package does not type. */
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { AdapterFactory } from 'oidc-provider';
  /** A factory of adapters over one new store (each Provider built with it keeps its grants, codes and tokens there). */
  export function createMemoryAdapter(clockTolerance?: number): AdapterFactory;
}
