import { z } from 'zod';
import { defineChannel, IpcError } from './define.ts';

const endpointName = z.string().min(1).max(100);
const query = z.record(z.string(), z.unknown()).optional();
const params = z.record(z.string(), z.unknown()).optional().describe('The path parameters (`{name}` segments of the endpoint\'s path).');
const profileId = z.string().min(1).optional();

/** One item's outcome in a bulk run: its reply, or the error with the server's message. */
export const BulkItemResult = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: IpcError }),
]);

/** One item's outcome in a bulk run. */
export type BulkItemResult = z.infer<typeof BulkItemResult>;

/**
 * Calls to the service through the desktop backend. `endpoint` names a JSON endpoint of the wire contract
 * (`shared/api`); the backend validates path parameters, query and body against that entry's own schemas and acts on the active
 * profile (or `profileId`). Use the types of `api-call.ts` for typed calls.
 */
export const apiChannels = {
  'api.call': defineChannel({
    summary: 'Calls one JSON endpoint of the wire contract and answers its reply.',
    input: z.object({ endpoint: endpointName, params, query, body: z.unknown().optional(), profileId }),
    output: z.unknown(),
  }),
  'api.bulk': defineChannel({
    summary: 'Calls one endpoint once per item (a few at a time) and answers each outcome in item order.',
    input: z.object({
      endpoint: endpointName,
      items: z.array(z.object({ params, query, body: z.unknown().optional() })).min(1).max(10_000),
      profileId,
    }),
    output: z.object({ results: z.array(BulkItemResult) }),
  }),
};
