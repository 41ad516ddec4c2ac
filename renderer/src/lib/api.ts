import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ApiEndpointName, ApiReply, ApiRequest } from '../../../shared/ipc/index.ts';
import type { BulkItemResult } from '../../../shared/ipc/index.ts';
import { invoke, type BridgeError } from '../bridge.ts';
import { useActiveProfile } from './profiles.tsx';

export type { ApiEndpointName, ApiReply, ApiRequest };

/** The query an endpoint takes (what `useApiQuery` and the query key carry). */
type ApiQuery<N extends ApiEndpointName> = ApiRequest<N> extends { query?: infer Q } ? Q : never;

/** Calls one endpoint of the wire contract through the backend (on `profileId`, else the active profile). */
export async function callApi<N extends ApiEndpointName>(
  endpoint: N,
  request: ApiRequest<N>,
  profileId?: string,
): Promise<ApiReply<N>> {
  const { params, query, body } = request as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  return (await invoke('api.call', { endpoint, params, query, body, profileId })) as ApiReply<N>;
}

/** One item's outcome of `callBulk`: the endpoint's reply, or the error with the server's message. */
export type BulkOutcome<N extends ApiEndpointName> =
  | { ok: true; data: ApiReply<N> }
  | { ok: false; error: Extract<BulkItemResult, { ok: false }>['error'] };

/** Calls one endpoint once per item (the backend runs a few at a time); answers each outcome in item order. */
export async function callBulk<N extends ApiEndpointName>(
  endpoint: N,
  items: ApiRequest<N>[],
  profileId?: string,
): Promise<BulkOutcome<N>[]> {
  const wire = items.map((item) => item as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown });
  const { results } = await invoke('api.bulk', { endpoint, items: wire, profileId });
  return results as BulkOutcome<N>[];
}

/** The react-query key of an endpoint's query: `[profileId, endpoint, query]`. */
export function apiQueryKey<N extends ApiEndpointName>(profileId: string, endpoint: N, query?: ApiQuery<N>): readonly unknown[] {
  return query === undefined ? [profileId, endpoint] : [profileId, endpoint, query];
}

/** Options of `useApiQuery`: react-query's, minus the key and the fetcher it builds. */
type ApiQueryOptions<N extends ApiEndpointName, T> = Omit<
  UseQueryOptions<ApiReply<N>, BridgeError, T>,
  'queryKey' | 'queryFn'
>;

/** Reads an endpoint on the active profile, cached under `[profileId, endpoint, query]`. */
export function useApiQuery<N extends ApiEndpointName, T = ApiReply<N>>(
  endpoint: N,
  query: ApiQuery<N>,
  options?: ApiQueryOptions<N, T>,
): UseQueryResult<T, BridgeError> {
  const profileId = useActiveProfile().id;
  return useQuery<ApiReply<N>, BridgeError, T>({
    ...options,
    queryKey: apiQueryKey(profileId, endpoint, query),
    queryFn: () => callApi(endpoint, { query } as ApiRequest<N>, profileId),
  });
}

/** What a mutation refreshes: every query of an endpoint, or those whose query contains the given fields. */
export type InvalidateTarget = ApiEndpointName | readonly [ApiEndpointName, Record<string, unknown>];

/** Options of `useApiMutation`. */
interface ApiMutationOptions<N extends ApiEndpointName> {
  /** The queries to refresh after success: a list, or one computed from the request and the reply. */
  invalidate?: readonly InvalidateTarget[] | ((request: ApiRequest<N>, reply: ApiReply<N>) => readonly InvalidateTarget[]);
}

/** Marks the given endpoints' queries of one profile stale (refetching those on screen). */
export async function invalidateApi(client: QueryClient, profileId: string, targets: readonly InvalidateTarget[]): Promise<void> {
  await Promise.all(
    targets.map((target) => {
      const [endpoint, query] = typeof target === 'string' ? [target, undefined] : target;
      return client.invalidateQueries({ queryKey: query ? [profileId, endpoint, query] : [profileId, endpoint] });
    }),
  );
}

/** Writes through an endpoint on the active profile and refreshes exactly the queries named in `invalidate`. */
export function useApiMutation<N extends ApiEndpointName>(
  endpoint: N,
  options: ApiMutationOptions<N> = {},
): UseMutationResult<ApiReply<N>, BridgeError, ApiRequest<N>> {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  return useMutation<ApiReply<N>, BridgeError, ApiRequest<N>>({
    mutationFn: (request) => callApi(endpoint, request, profileId),
    onSuccess: async (reply, request) => {
      const { invalidate = [] } = options;
      const targets = typeof invalidate === 'function' ? invalidate(request, reply) : invalidate;
      await invalidateApi(client, profileId, targets);
    },
  });
}

/** Refreshes the given endpoints' queries of the active profile (for writes made with `callApi`/`callBulk`). */
export function useInvalidateApi(): (targets: readonly InvalidateTarget[]) => Promise<void> {
  const profileId = useActiveProfile().id;
  const client = useQueryClient();
  return (targets) => invalidateApi(client, profileId, targets);
}

/** The `meta` of a read repeated in the background (live updates): it does not light the app's "Working" bar. */
export const BACKGROUND_READ = { background: true } as const;

/** Whether a query is a background read (see `BACKGROUND_READ`). */
export const isBackgroundRead = (query: { meta?: Record<string, unknown> }): boolean => query.meta?.background === true;
