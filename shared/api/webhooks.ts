import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty, queryInt } from './fields.ts';
import { promotionRequestRecord } from './registry-governance.ts';

/**
 * The event types a webhook can be triggered by. An entry with no triggers receives MODEL_VERSION_STAGE_CHANGED only
 * (the seed's one event); the others are sent to entries that name them.
 */
export const webhookTriggers = [
  'MODEL_VERSION_STAGE_CHANGED',
  'MODEL_VERSION_CREATED',
  'MODEL_VERSION_STATUS_CHANGED',
  'MODEL_VERSION_TAGS_CHANGED',
  'MODEL_VERSION_PROMOTION_REQUESTED',
  'MODEL_VERSION_PROMOTION_APPROVED',
  'MODEL_VERSION_PROMOTION_REJECTED',
  'MODEL_VERSION_PROMOTION_CANCELLED',
  'EXPERIMENT_CRASHED',
  'EXPERIMENT_FINISHED',
  'EXPERIMENT_ALERT',
] as const;

/** The event types about runs (issue 45): sent to workspace-wide entries (no modelName) that name them. */
export const runEventTypes = ['EXPERIMENT_CRASHED', 'EXPERIMENT_FINISHED', 'EXPERIMENT_ALERT'] as const;
/** One run event type. */
export type RunEventType = (typeof runEventTypes)[number];

/** How a URL's bodies are written: Trackdesk's JSON payload, or Slack's incoming-webhook `{"text": …}` (run events only). */
export const webhookBodyFormats = ['trackdesk', 'slack'] as const;

/** How run events' bodies are sent to one address. */
export type WebhookBodyFormat = (typeof webhookBodyFormats)[number];

/** One webhook event type. */
export type WebhookTrigger = (typeof webhookTriggers)[number];

/** The notification body of a registry event POSTed to a webhook URL (documented in server/README.md). */
export const webhookPayload = z.object({
  eventType: z.enum(webhookTriggers),
  deliveryId: z.string(),
  timestamp: z.number().int(),
  workspaceName: z.string(),
  registryModelName: z.string(),
  registryModelId: z.string(),
  registryModelItemId: z.string(),
  version: z.string(),
  stages: z.array(z.string()),
  previousStages: z.array(z.string()),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  userName: z.string(),
  test: z.boolean().describe('True only for the send-test extension.'),
  status: z.string().optional().describe("The version's status after the event (absent in deliveries recorded before issue 14)."),
  previousStatus: z.string().nullish().describe('MODEL_VERSION_STATUS_CHANGED: the status before; null otherwise.'),
  promotionRequest: promotionRequestRecord.omit({ mayApprove: true }).nullish().describe('The request, for the MODEL_VERSION_PROMOTION_* events; null otherwise.'),
});

/** The body of a run event (EXPERIMENT_CRASHED, EXPERIMENT_FINISHED, EXPERIMENT_ALERT; documented in server/README.md). */
export const runEventPayload = z.object({
  eventType: z.enum(runEventTypes),
  deliveryId: z.string(),
  timestamp: z.number().int(),
  workspaceName: z.string(),
  projectName: z.string(),
  experiment: z.object({ experimentKey: z.string(), experimentName: z.string().nullable(), userName: z.string().nullable(), link: z.string() }),
  rule: z
    .object({ ruleId: z.string(), name: z.string(), kind: z.string(), metricName: z.string().nullable() })
    .nullable()
    .describe('The rule that fired; null for EXPERIMENT_CRASHED/FINISHED sent without one.'),
  value: z.string().nullable().describe('The value that fired it (a number as text, "NaN", "Infinity"), or null.'),
  message: z.string().describe('What happened, in one sentence.'),
  test: z.boolean(),
});

/** The body sent to a URL whose format is `slack` (Slack's incoming webhooks and compatible receivers). */
export const slackPayload = z.object({ text: z.string() });

/** Configured headers; a null value keeps the value the service holds for that header (values are write-only). */
const headerMap = z.record(z.string().min(1).max(200), z.string().max(8192).nullable());

/**
 * One URL entry as written by E56/E57. `secret` and header values are write-only: an omitted `secret` keeps
 * the stored one ("" clears it), a null header value keeps the stored value of that header.
 */
export const webhookUrlInput = z.object({
  name: z.string().max(200).optional(),
  url: nonEmpty(2048),
  header: headerMap.optional(),
  triggers: z.array(z.enum(webhookTriggers)).max(20).optional(),
  secret: z.string().max(1000).optional(),
  bodyFormat: z.enum(webhookBodyFormats).optional().describe("Run events' body: Trackdesk's JSON (default) or Slack's {\"text\": …}; absent keeps the stored one."),
});

/** One URL entry as read back: never the secret, only whether one is set; header names with their values withheld (null). */
export const webhookUrlRecord = z.object({
  name: z.string(),
  url: z.string(),
  header: z.record(z.string(), z.null()).describe('The configured header names; values are write-only and always null here.'),
  triggers: z.array(z.string()),
  hasSecret: z.boolean(),
  bodyFormat: z.enum(webhookBodyFormats).optional().describe('Absent from services before issue 45 (they send Trackdesk bodies only).'),
});

/** A configuration item; a missing, null or empty modelName means every model of the workspace. */
const webhookConfigInput = z.object({
  workspaceName: nonEmpty(100),
  modelName: z.string().trim().max(1000).nullish(),
  webhookUrls: z.array(webhookUrlInput).max(100),
});

/** The E56/E57 body. */
export const webhookConfigBody = z.object({ webhookConfigs: z.array(webhookConfigInput).max(1000) });

/** A configuration item as read back (modelName "" for workspace-wide entries). */
export const webhookConfigRecord = z.object({
  workspaceName: z.string(),
  modelName: z.string(),
  webhookUrls: z.array(webhookUrlRecord),
});

/** The states of a delivery, which the log can be filtered by. */
export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;

/** One notification to one URL, as the delivery log shows it. */
export const webhookDeliveryRecord = z.object({
  deliveryId: z.string(),
  workspaceName: z.string(),
  modelName: z.string(),
  url: z.string(),
  eventType: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  lastResponseCode: z.number().int().nullable(),
  lastAttemptAt: z.number().int().nullable(),
  nextAttemptAt: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number().int(),
  redeliveryOf: z.string().nullable().describe('The deliveryId this one re-sends, or null.'),
  payload: z.union([webhookPayload, runEventPayload, slackPayload]),
});


/** E56–E57, the webhook config read and the delivery-log and send-test extensions. */
export const webhookEndpoints = {
  mergeWebhookConfig: defineEndpoint({
    id: 'E56',
    summary: 'Merge webhook configuration: each URL entry is added or replaced by (workspaceName, modelName, url).',
    group: 'webhooks',
    method: 'POST',
    needs: 'workspace-admin',
    path: 'webhooks/config',
    body: webhookConfigBody,
    status: 204,
  }),
  replaceWebhookConfig: defineEndpoint({
    id: 'E57',
    summary: 'Override webhook configuration: replaces all entries of each workspace named in the body.',
    group: 'webhooks',
    method: 'PUT',
    needs: 'workspace-admin',
    path: 'webhooks/config',
    body: webhookConfigBody,
    status: 204,
  }),
  getWebhookConfig: defineEndpoint({
    id: 'read.webhookConfig',
    summary: "A workspace's webhook configuration (only one model's entries when modelName is given).",
    group: 'webhooks',
    method: 'GET',
    needs: 'read',
    path: 'webhooks/config',
    query: z.object({ workspaceName: nonEmpty(100), modelName: z.string().max(1000).optional() }),
    reply: z.object({ webhookConfigs: z.array(webhookConfigRecord) }),
  }),
  listWebhookDeliveries: defineEndpoint({
    id: 'ext.webhookDeliveries',
    summary: "Extension: a workspace's delivery log, newest first, filtered by model, URL, event, outcome and creation time.",
    group: 'webhooks',
    method: 'GET',
    needs: 'read',
    path: 'webhooks/deliveries',
    query: z.object({
      workspaceName: nonEmpty(100),
      modelName: z.string().max(1000).optional(),
      url: z.string().max(2048).optional(),
      eventType: z.string().max(200).optional(),
      status: z.enum(deliveryStatuses).optional(),
      since: queryInt.pipe(z.number().int().min(0)).optional().describe('Created at or after (ms since the epoch).'),
      until: queryInt.pipe(z.number().int().min(0)).optional().describe('Created before (ms since the epoch).'),
      limit: queryInt.pipe(z.number().int().min(1).max(1000)).default(100),
    }),
    reply: z.object({ deliveries: z.array(webhookDeliveryRecord) }),
  }),
  redeliverWebhook: defineEndpoint({
    id: 'ext.webhookRedeliver',
    summary:
      'Extension: re-send a past delivery (the same body) as a new delivery naming the original, to the URL as configured now ' +
      '(current headers and secret); 409 when that URL is no longer configured.',
    group: 'webhooks',
    method: 'POST',
    needs: 'workspace-admin',
    path: 'webhooks/deliveries/redeliver',
    body: z.object({ workspaceName: nonEmpty(100), deliveryId: nonEmpty(100) }),
    reply: webhookDeliveryRecord,
  }),
  sendWebhookTest: defineEndpoint({
    id: 'ext.webhookTest',
    summary: 'Extension: send a sample event to one configured URL now and return what the receiver answered.',
    group: 'webhooks',
    method: 'POST',
    needs: 'workspace-admin',
    path: 'webhooks/test',
    body: z.object({ workspaceName: nonEmpty(100), modelName: z.string().max(1000).nullish(), url: nonEmpty(2048) }),
    reply: z.object({
      ok: z.boolean(),
      statusCode: z.number().int().nullable(),
      responseBody: z.string().describe('The first 4 KiB of the receiver’s answer.'),
      error: z.string().nullable(),
      payload: webhookPayload,
    }),
  }),
};
