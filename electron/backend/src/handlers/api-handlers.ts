import type { BulkItemResult } from '../../../../shared/ipc/index.ts';
import { endpointNamed } from '../client/request.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import { toIpcError, type Handlers } from '../ipc/dispatch.ts';
import type { ProfileService } from '../profiles/profile-service.ts';

/** How many items of a bulk run are in flight at once. */
const BULK_CONCURRENCY = 4;

/** `api.call` and `api.bulk`: JSON endpoints of the wire contract, on the active profile unless one is named. */
export function apiHandlers(profiles: ProfileService, clientOptions: Partial<ClientOptions>): Pick<Handlers, 'api.call' | 'api.bulk'> {
  const clientFor = async (profileId: string | undefined) => new ServiceClient(await profiles.target(profileId), clientOptions);
  return {
    'api.call': async ({ endpoint, params, query, body, profileId }) => (await clientFor(profileId)).callByName(endpoint, { params, query, body }),
    'api.bulk': async ({ endpoint, items, profileId }) => {
      endpointNamed(endpoint, { bodyKinds: ['none', 'json'], replyKind: 'json' });
      const client = await clientFor(profileId);
      const results: BulkItemResult[] = new Array(items.length);
      let next = 0;
      const worker = async () => {
        while (next < items.length) {
          const index = next;
          next += 1;
          const item = items[index] ?? {};
          results[index] = await client.callByName(endpoint, item).then(
            (data) => ({ ok: true as const, data }),
            (error: unknown) => ({ ok: false as const, error: toIpcError(error) }),
          );
        }
      };
      await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, items.length) }, worker));
      return { results };
    },
  };
}
