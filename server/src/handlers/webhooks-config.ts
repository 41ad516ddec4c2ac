import type { z } from 'zod';
import { SdkError } from '../../../shared/api/index.ts';
import type { webhookConfigBody } from '../../../shared/api/webhooks.ts';
import { badRequest } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { Services } from '../services.ts';
import type { WebhookUrlEntry } from '../storage/webhooks.ts';
import type { Workspace } from '../storage/workspaces.ts';
import { headerProblem } from '../webhooks/headers.ts';
import { checkWebhookUrl, UrlRefusedError } from '../webhooks/url-safety.ts';

/** The E56/E57 body. */
export type WebhookConfigBody = z.infer<typeof webhookConfigBody>;

/** A missing, null or empty modelName means every model of the workspace (stored as ''). */
export const modelKey = (modelName: string | null | undefined): string => modelName?.trim() ?? '';

/** One URL entry to save; `secret` undefined keeps the stored one, null clears it. */
interface PlannedEntry extends Omit<WebhookUrlEntry, 'secret'> {
  secret: string | null | undefined;
}

/**
 * Checks a configuration body before anything is saved: access to every workspace named, every URL
 * (scheme, and the addresses it resolves to) and every header. Errors name the entry and the reason.
 */
export async function planConfig(services: Services, caller: Caller, body: WebhookConfigBody): Promise<{ workspaces: Workspace[]; entries: PlannedEntry[] }> {
  const workspaces = new Map<string, Workspace>();
  const entries: PlannedEntry[] = [];
  for (const [configIndex, item] of body.webhookConfigs.entries()) {
    const workspace = workspaces.get(item.workspaceName) ?? services.access.workspace(caller, item.workspaceName);
    workspaces.set(item.workspaceName, workspace);
    for (const [urlIndex, entry] of item.webhookUrls.entries()) {
      const where = `webhookConfigs[${configIndex}].webhookUrls[${urlIndex}]`;
      const url = entry.url.trim();
      try {
        await checkWebhookUrl(url, services.webhooks.allowPrivate);
      } catch (error) {
        if (error instanceof UrlRefusedError) throw badRequest(`${where}.url is refused: ${error.message}`, SdkError.validation);
        throw error;
      }
      for (const [name, value] of Object.entries(entry.header ?? {})) {
        const problem = headerProblem(name, value);
        if (problem) throw badRequest(`${where}.header: ${problem}`);
      }
      entries.push({
        workspaceId: workspace.id,
        modelName: modelKey(item.modelName),
        url,
        name: entry.name?.trim() ?? '',
        headers: entry.header ?? {},
        triggers: [...new Set(entry.triggers ?? [])],
        secret: entry.secret === undefined ? undefined : entry.secret === '' ? null : entry.secret,
      });
    }
  }
  return { workspaces: [...workspaces.values()], entries };
}

/**
 * Saves planned entries in one transaction. `replace` (E57) first empties the configuration of every
 * workspace named in the body; an entry without `secret` keeps the secret its (workspace, model, url)
 * had before either way.
 */
export function saveConfig(services: Services, plan: { workspaces: Workspace[]; entries: PlannedEntry[] }, replace: boolean): void {
  const { config } = services.webhooks;
  services.db.transaction(() => {
    const secrets = new Map<string, string | null>();
    const keyOf = (entry: { workspaceId: number; modelName: string; url: string }) => JSON.stringify([entry.workspaceId, entry.modelName, entry.url]);
    for (const workspace of plan.workspaces) {
      for (const existing of config.list(workspace.id)) secrets.set(keyOf(existing), existing.secret);
      if (replace) config.clearWorkspace(workspace.id);
    }
    const now = services.now();
    for (const entry of plan.entries) {
      const secret = entry.secret === undefined ? (secrets.get(keyOf(entry)) ?? null) : entry.secret;
      config.upsert({ ...entry, secret }, now);
    }
  })();
}
