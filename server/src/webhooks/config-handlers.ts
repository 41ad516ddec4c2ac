import type { z } from 'zod';
import { SdkError } from '../../../shared/api/index.ts';
import type { webhookConfigBody } from '../../../shared/api/webhooks.ts';
import { badRequest } from '../http/api-error.ts';
import type { Caller } from '../http/handler.ts';
import type { WebhookServices } from './services.ts';
import type { WebhookUrlEntry } from './webhook-store.ts';
import type { Workspace } from '../accounts/index.ts';
import { headerProblem } from './headers.ts';
import { checkWebhookUrl, UrlRefusedError } from './url-safety.ts';

/** The E56/E57 body. */
export type WebhookConfigBody = z.infer<typeof webhookConfigBody>;

/** A missing, null or empty modelName means every model of the workspace (stored as ''). */
export const modelKey = (modelName: string | null | undefined): string => modelName?.trim() ?? '';

/** One URL entry to save; `secret` undefined keeps the stored one, null clears it; a null header value keeps the stored one. */
interface PlannedEntry extends Omit<WebhookUrlEntry, 'secret' | 'headers' | 'bodyFormat'> {
  headers: Record<string, string | null>;
  secret: string | null | undefined;
  /** Undefined keeps the stored format (an editor that does not know it leaves it as it is). */
  bodyFormat: WebhookUrlEntry['bodyFormat'] | undefined;
  /** Where the entry is in the body, for error messages. */
  where: string;
}

/**
 * Checks a configuration body before anything is saved: access to every workspace named, every URL
 * (scheme, and the addresses it resolves to) and every header. Errors name the entry and the reason.
 */
export async function planConfig(services: WebhookServices, caller: Caller, body: WebhookConfigBody): Promise<{ workspaces: Workspace[]; entries: PlannedEntry[] }> {
  const workspaces = new Map<string, Workspace>();
  const entries: PlannedEntry[] = [];
  for (const [configIndex, item] of body.webhookConfigs.entries()) {
    const workspace = workspaces.get(item.workspaceName) ?? await services.access.workspace(caller, item.workspaceName);
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
        const problem = headerProblem(name, value ?? '');
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
        bodyFormat: entry.bodyFormat,
        where,
      });
    }
  }
  return { workspaces: [...workspaces.values()], entries };
}

/** The headers to store: a null value takes the value stored for that header of the same (workspace, model, url); 400 when there is none. */
function resolveHeaders(entry: PlannedEntry, stored: WebhookUrlEntry | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(entry.headers).map(([name, value]) => {
      if (value !== null) return [name, value];
      const kept = stored?.headers[name];
      if (kept === undefined) throw badRequest(`${entry.where}.header: "${name}" is null (keep the stored value) but no value is stored for it: send its value.`);
      return [name, kept];
    }),
  );
}

/**
 * Saves planned entries in one transaction, with an audit entry per workspace (its configuration before and after).
 * `replace` (E57) first empties the configuration of every workspace named in the body; either way an entry without
 * `secret` keeps the secret its (workspace, model, url) had before, and a header sent as null keeps its stored value.
 */
export async function saveConfig(services: WebhookServices, caller: Caller, plan: { workspaces: Workspace[]; entries: PlannedEntry[] }, replace: boolean): Promise<void> {
  const { config } = services.webhooks;
  await services.sql.transaction(async () => {
    const before = new Map<string, WebhookUrlEntry>();
    const listed = new Map<number, WebhookUrlEntry[]>();
    const keyOf = (entry: { workspaceId: number; modelName: string; url: string }) => JSON.stringify([entry.workspaceId, entry.modelName, entry.url]);
    for (const workspace of plan.workspaces) {
      const existing = await config.list(workspace.id);
      listed.set(workspace.id, existing);
      for (const entry of existing) before.set(keyOf(entry), entry);
      if (replace) await config.clearWorkspace(workspace.id);
    }
    const now = services.now();
    for (const entry of plan.entries) {
      const stored = before.get(keyOf(entry));
      const secret = entry.secret === undefined ? (stored?.secret ?? null) : entry.secret;
      const bodyFormat = entry.bodyFormat ?? stored?.bodyFormat ?? 'trackdesk';
      await config.upsert({ ...entry, headers: resolveHeaders(entry, stored), secret, bodyFormat }, now);
    }
    for (const workspace of plan.workspaces) {
      const change = { before: auditedConfig(listed.get(workspace.id) ?? []), after: auditedConfig(await config.list(workspace.id)) };
      await services.audit.record(caller, { workspaceId: workspace.id, action: 'webhooks.configChanged', target: replace ? 'whole configuration (replaced)' : 'entries added or updated (merged)', ...change }, now);
    }
  });
}

/** A workspace's configuration as the audit trail keeps it: no secret and no header value, only that they are set. */
const auditedConfig = (entries: readonly WebhookUrlEntry[]) =>
  entries.map(({ modelName, url, name, triggers, headers, secret }) => ({ modelName, url, name, triggers, headers: Object.keys(headers), signed: secret !== null }));
