import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, messageReply, msgReply, nonEmpty } from './fields.ts';
import { itemName } from './logging-records.ts';

const group = 'clientlib';
const apiKey = z.string().max(1000).nullish().describe('The API key, when no Authorization header is sent.');
/** The API key as notifications spell it. */
const snakeApiKey = z.string().max(1000).nullish().describe('The API key (snake_case here), when no Authorization header is sent.');

/** One call as `rpc/get-pending-rpcs` lists it: exactly these keys (the SDK drops a call with any other). */
const pendingRpcRecord = z.object({
  callId: z.string(),
  userName: z.string(),
  functionName: z.string(),
  cometDefined: z.boolean(),
  arguments: z.array(z.object({ name: z.string(), value: z.unknown() })),
  createdAt: z.number().int(),
  experimentKey: z.string(),
});

/** Tags, symlink, notifications and remote calls of the clientlib front door (clients.md B.8, B.9). */
export const clientlibExtraEndpoints = {
  clientlibAddTags: defineEndpoint({
    id: 'clientlib.addTags',
    summary: 'Add tags (E37: appended, no duplicates).',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/tags/add-tags-to-experiment',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: z.object({ apiKey, experimentKey, addedTags: z.array(itemName).max(10_000).nullish() }),
    reply: msgReply('Saved').extend({ code: z.number().int(), data: z.unknown(), sdk_error_code: z.number().int() }),
  }),
  clientlibSymlink: defineEndpoint({
    id: 'clientlib.symlink',
    summary: 'List the experiment also in another project of its workspace (E6).',
    group,
    method: 'GET',
    needs: 'write', // it links the experiment into a project: a write like E6 (issue 41)
    path: '/clientlib/symlink/new',
    keyInQuery: 'apiKey',
    query: z.object({ apiKey, experimentKey, projectName: nonEmpty(250) }),
    reply: z.object({ link: z.string() }),
  }),
  clientlibNotification: defineEndpoint({
    id: 'clientlib.notification',
    summary: "Experiment.send_notification (and the end-of-run summary): recorded in the sender's notification feed (ext.alertNotifications); no e-mail is sent.",
    group,
    method: 'POST',
    needs: 'read', // changes nothing: any key may send it
    path: '/clientlib/notification/experiment',
    keyInBody: 'api_key',
    keyInQuery: 'apiKey',
    body: z.object({
      api_key: snakeApiKey,
      title: z.string().max(10_000).nullish(),
      status: z.string().max(1000).nullish(),
      experiment_key: z.string().max(200).nullish(),
      experiment_name: z.string().max(10_000).nullish(),
      experiment_link: z.string().max(10_000).nullish(),
      additional_data: z.unknown(),
    }),
    reply: messageReply,
  }),
  clientlibNotifyEvent: defineEndpoint({
    id: 'clientlib.notifyEvent',
    summary: 'SDK telemetry: accepted (200) and ignored.',
    group,
    method: 'POST',
    needs: 'read', // changes nothing: any key may send it
    path: '/clientlib/notify/event',
    keyInBody: 'api_key',
    keyInQuery: 'apiKey',
    body: z.object({ api_key: snakeApiKey, event_name: z.string().max(1000).nullish() }).loose(),
    reply: messageReply,
  }),
  clientlibRegisterRpc: defineEndpoint({
    id: 'clientlib.registerRpc',
    summary: 'The process declares a function it can run remotely: acknowledged (the experiment must exist), not recorded.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/rpc/register-rpc',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: z.object({
      apiKey,
      experimentKey,
      functionName: nonEmpty(200),
      functionDocumentation: z.string().max(100_000).nullish(),
      argumentNames: z.array(z.string().max(1000)).max(1000).nullish(),
    }),
    reply: messageReply,
  }),
  clientlibPendingRpcs: defineEndpoint({
    id: 'clientlib.pendingRpcs',
    summary: 'Calls recorded by E54 that wait for a result, oldest first; fetching them clears pending_rpcs of the heartbeat.',
    group,
    method: 'GET',
    needs: 'read',
    path: '/clientlib/rpc/get-pending-rpcs',
    keyInQuery: 'apiKey',
    query: z.object({ apiKey, experimentKey }),
    reply: z.object({ remoteProcedureCalls: z.array(pendingRpcRecord) }),
  }),
  clientlibSaveRpcResult: defineEndpoint({
    id: 'clientlib.saveRpcResult',
    summary: "A call's outcome: failed when errorMessage is not empty, else succeeded with result (a second report → 400).",
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/rpc/save-rpc-result',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: z.object({
      apiKey,
      experimentKey,
      callId: nonEmpty(200),
      result: z.string().max(10_000_000).nullish(),
      errorMessage: z.string().max(1_000_000).nullish(),
      errorStackTrace: z.string().max(1_000_000).nullish(),
      startTimeMs: z.number().nullish(),
      endTimeMs: z.number().nullish(),
    }),
    reply: messageReply,
  }),
};
