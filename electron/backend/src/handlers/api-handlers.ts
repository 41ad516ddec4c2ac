import { api, type Endpoint } from '../../../../shared/api/index.ts';
import type { BulkItemResult } from '../../../../shared/ipc/index.ts';
import { endpointNamed } from '../client/request.ts';
import { AppError } from '../ipc/app-error.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import { toIpcError, type Handlers } from '../ipc/dispatch.ts';
import type { ProfileService } from '../profiles/profile-service.ts';

/** How many items of a bulk run are in flight at once. */
const BULK_CONCURRENCY = 4;

/** Refuses an endpoint whose reply holds a new key (sign-in, a personal key): such replies never reach the window. */
function refuseSecretReply(name: string): void {
  const endpoint: Endpoint | undefined = Object.hasOwn(api, name) ? (api as Record<string, Endpoint>)[name] : undefined;
  if (endpoint?.secretReply) throw new AppError('invalid_input', `"${name}" answers with an API key, which never reaches the window: use the channel made for it.`);
}

/** `api.call` and `api.bulk`: JSON endpoints of the wire contract, on the active profile unless one is named. */
export function apiHandlers(profiles: ProfileService, clientOptions: Partial<ClientOptions>): Pick<Handlers, 'api.call' | 'api.bulk'> {
  const clientFor = async (profileId: string | undefined) => new ServiceClient(await profiles.target(profileId), clientOptions);
  return {
    'api.call': async ({ endpoint, params, query, body, profileId }) => {
      refuseSecretReply(endpoint);
      return (await clientFor(profileId)).callByName(endpoint, { params, query, body });
    },
    'api.bulk': async ({ endpoint, items, profileId }) => {
      endpointNamed(endpoint, { bodyKinds: ['none', 'json'], replyKind: 'json' });
      refuseSecretReply(endpoint);
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
