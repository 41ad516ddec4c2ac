import { randomUUID } from 'node:crypto';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { WebhookServices } from './services.ts';
import type { Delivery } from './delivery-store.ts';
import type { WebhookUrlEntry } from './webhook-store.ts';
import { attemptHeaders } from './headers.ts';
import { STAGE_CHANGED, stagePayload, type WebhookPayload } from './outbox.ts';
import type { RunEventPayload } from './run-events.ts';
import { sendWebhook } from './send.ts';
import { modelKey, planConfig, saveConfig } from './config-handlers.ts';

/** Groups URL entries into configuration items, one per (workspace, model); header values and secrets are never read back. */
function configItems(workspaceName: string, entries: WebhookUrlEntry[]) {
  const byModel = new Map<string, WebhookUrlEntry[]>();
  for (const entry of entries) byModel.set(entry.modelName, [...(byModel.get(entry.modelName) ?? []), entry]);
  return [...byModel.entries()].map(([modelName, urls]) => ({
    workspaceName,
    modelName,
    webhookUrls: urls.map((entry) => ({
      name: entry.name,
      url: entry.url,
      header: Object.fromEntries(Object.keys(entry.headers).map((name) => [name, null])),
      triggers: entry.triggers,
      hasSecret: entry.secret !== null,
      bodyFormat: entry.bodyFormat,
    })),
  }));
}

/** A delivery as the log shows it. */
function deliveryRecord(workspaceName: string, delivery: Delivery) {
  return {
    deliveryId: delivery.uuid,
    workspaceName,
    modelName: delivery.modelName,
    url: delivery.url,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastResponseCode: delivery.lastResponseCode,
    lastAttemptAt: delivery.lastAttemptAt,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt : null,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt,
    redeliveryOf: delivery.redeliveryOf,
    payload: JSON.parse(delivery.payload) as WebhookPayload | RunEventPayload,
  };
}

/** Handlers of E56/E57, the configuration read and the delivery-log, redelivery and send-test extensions. */
export function createWebhookHandlers(services: WebhookServices): HandlerTable {
  const { access, webhooks } = services;
  return {
    mergeWebhookConfig: async ({ body, caller }) => {
      await saveConfig(services, caller, await planConfig(services, caller, body), false);
    },
    replaceWebhookConfig: async ({ body, caller }) => {
      await saveConfig(services, caller, await planConfig(services, caller, body), true);
    },
    getWebhookConfig: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.workspaceName);
      const modelName = query.modelName === undefined ? undefined : modelKey(query.modelName);
      return { webhookConfigs: configItems(workspace.name, await webhooks.config.list(workspace.id, modelName)) };
    },
    listWebhookDeliveries: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.workspaceName);
      const { workspaceName: _workspace, ...filter } = query;
      return { deliveries: (await webhooks.deliveries.log(workspace.id, filter)).map((delivery) => deliveryRecord(workspace.name, delivery)) };
    },
    redeliverWebhook: async ({ body, caller }) => {
      const workspace = await access.workspace(caller, body.workspaceName);
      const original = await webhooks.deliveries.byUuid(workspace.id, body.deliveryId.trim());
      if (!original) throw notFound(`No delivery "${body.deliveryId}" in workspace "${workspace.name}".`);
      const entry = await webhooks.config.find(workspace.id, original.modelName, original.url);
      if (!entry) {
        throw new ApiError(409, SdkError.conflict, `${original.url} is no longer configured for ${original.modelName ? `model "${original.modelName}"` : 'every model'}: configure it again to re-send.`);
      }
      const uuid = randomUUID();
      await webhooks.deliveries.enqueue(
        { ...original, uuid, headers: entry.headers, secret: entry.secret, redeliveryOf: original.uuid },
        services.now(),
      );
      setImmediate(webhooks.worker.wake);
      const queued = await webhooks.deliveries.byUuid(workspace.id, uuid);
      if (!queued) throw new Error(`redelivery ${uuid} was not stored`);
      return deliveryRecord(workspace.name, queued);
    },
    sendWebhookTest: async ({ body, caller }) => {
      const workspace = await access.workspace(caller, body.workspaceName);
      const modelName = modelKey(body.modelName);
      const entry = await webhooks.config.find(workspace.id, modelName, body.url.trim());
      if (!entry) throw notFound(`No webhook URL ${body.url} is configured for ${modelName ? `model "${modelName}"` : 'every model'} in workspace "${workspace.name}".`);
      const deliveryId = randomUUID();
      const payload = stagePayload(
        {
          workspaceId: workspace.id,
          workspaceName: workspace.name,
          registryModelName: modelName || 'sample-model',
          registryModelId: 'sample-registry-model-id',
          registryModelItemId: 'sample-registry-model-item-id',
          version: '1.0.0',
          previousStages: ['staging'],
          stages: ['production'],
          userName: caller.userName,
        },
        deliveryId,
        services.now(),
        true,
      );
      const text = JSON.stringify(payload);
      const identity = { deliveryId, eventType: STAGE_CHANGED, headers: entry.headers, secret: entry.secret, body: text };
      const outcome = await sendWebhook(
        { url: entry.url, headers: attemptHeaders(identity, services.now()), body: text },
        { allowPrivate: webhooks.allowPrivate, timeoutMillis: webhooks.policy.timeoutMillis },
      );
      const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
      return { ok, statusCode: outcome.statusCode, responseBody: outcome.responseBody, error: outcome.error, payload };
    },
  };
}
