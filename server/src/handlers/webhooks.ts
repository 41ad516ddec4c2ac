import { randomUUID } from 'node:crypto';
import { notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { Services } from '../services.ts';
import type { WebhookUrlEntry } from '../storage/webhooks.ts';
import { attemptHeaders } from '../webhooks/headers.ts';
import { STAGE_CHANGED, stagePayload, type WebhookPayload } from '../webhooks/outbox.ts';
import { sendWebhook } from '../webhooks/send.ts';
import { modelKey, planConfig, saveConfig } from './webhooks-config.ts';

/** Groups URL entries into configuration items, one per (workspace, model). */
function configItems(workspaceName: string, entries: WebhookUrlEntry[]) {
  const byModel = new Map<string, WebhookUrlEntry[]>();
  for (const entry of entries) byModel.set(entry.modelName, [...(byModel.get(entry.modelName) ?? []), entry]);
  return [...byModel.entries()].map(([modelName, urls]) => ({
    workspaceName,
    modelName,
    webhookUrls: urls.map((entry) => ({
      name: entry.name,
      url: entry.url,
      header: entry.headers,
      triggers: entry.triggers,
      hasSecret: entry.secret !== null,
    })),
  }));
}

/** Handlers of E56/E57, the configuration read and the delivery-log and send-test extensions. */
export function createWebhookHandlers(services: Services): HandlerTable {
  const { access, webhooks } = services;
  return {
    mergeWebhookConfig: async ({ body, caller }) => {
      saveConfig(services, await planConfig(services, caller, body), false);
    },
    replaceWebhookConfig: async ({ body, caller }) => {
      saveConfig(services, await planConfig(services, caller, body), true);
    },
    getWebhookConfig: ({ query, caller }) => {
      const workspace = access.workspace(caller, query.workspaceName);
      const modelName = query.modelName === undefined ? undefined : modelKey(query.modelName);
      return { webhookConfigs: configItems(workspace.name, webhooks.config.list(workspace.id, modelName)) };
    },
    listWebhookDeliveries: ({ query, caller }) => {
      const workspace = access.workspace(caller, query.workspaceName);
      const deliveries = webhooks.deliveries.log(workspace.id, { modelName: query.modelName, url: query.url, limit: query.limit });
      return {
        deliveries: deliveries.map((delivery) => ({
          deliveryId: delivery.uuid,
          workspaceName: workspace.name,
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
          payload: JSON.parse(delivery.payload) as WebhookPayload,
        })),
      };
    },
    sendWebhookTest: async ({ body, caller }) => {
      const workspace = access.workspace(caller, body.workspaceName);
      const modelName = modelKey(body.modelName);
      const entry = webhooks.config.find(workspace.id, modelName, body.url.trim());
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
