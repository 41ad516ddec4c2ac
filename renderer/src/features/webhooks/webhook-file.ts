import { z } from 'zod';
import { webhookTriggers } from '../../../../shared/api/webhooks.ts';
import { entryKey, looksSecret, type HeaderDraft, type WebhookEntry } from './webhook-model.ts';

/** The format tag of an exported configuration file. */
const EXPORT_FORMAT = 'trackdesk-webhooks/1';

const exportedUrl = z.object({
  name: z.string().max(200).default(''),
  url: z.string().min(1).max(2048),
  header: z.record(z.string(), z.string()).default({}),
  /** Headers whose values were left out because they looked secret. */
  redactedHeaders: z.array(z.string()).default([]),
  triggers: z.array(z.enum(webhookTriggers)).default([]),
  /** The entry had a signing secret (never exported). */
  hadSecret: z.boolean().default(false),
});

const exportedConfig = z.object({
  modelName: z.string().max(1000).nullish(),
  webhookUrls: z.array(exportedUrl).max(100),
});

/** A configuration file: this app's export, or a plain E56 body (`{webhookConfigs: [...]}`). */
const configFile = z.object({
  format: z.literal(EXPORT_FORMAT).optional(),
  workspaceName: z.string().optional(),
  webhookConfigs: z.array(exportedConfig).max(1000),
});

/** The exported file's text: every entry of the workspace, with secret-looking header values and signing secrets left out. */
export function exportConfigFile(workspaceName: string, entries: readonly WebhookEntry[], exportedAt: number): string {
  const byModel = new Map<string, z.input<typeof exportedUrl>[]>();
  for (const entry of entries) {
    const kept = entry.headers.filter((row) => !row.masked && !looksSecret(row.name, row.value) && row.value !== null);
    const redacted = entry.headers.filter((row) => !kept.includes(row)).map((row) => row.name);
    const url = {
      name: entry.name,
      url: entry.url,
      header: Object.fromEntries(kept.map((row) => [row.name, row.value ?? ''])),
      redactedHeaders: redacted,
      triggers: entry.triggers as (typeof webhookTriggers)[number][],
      hadSecret: entry.hasSecret,
    };
    byModel.set(entry.modelName, [...(byModel.get(entry.modelName) ?? []), url]);
  }
  const webhookConfigs = [...byModel.entries()].map(([modelName, webhookUrls]) => ({ modelName, webhookUrls }));
  return `${JSON.stringify({ format: EXPORT_FORMAT, workspaceName, exportedAt: new Date(exportedAt).toISOString(), webhookConfigs }, null, 2)}\n`;
}

/** The entries read from a file, with what the user must still do; or why the file cannot be used. */
type ImportResult =
  | { ok: true; entries: WebhookEntry[]; valuesToEnter: number; secretsNotIncluded: number }
  | { ok: false; message: string };

/**
 * Reads a configuration file into editor entries for the current workspace. Redacted header values and signing secrets
 * are taken from the saved entry with the same model and address; otherwise the header waits for a value.
 */
export function importConfigFile(text: string, saved: readonly WebhookEntry[]): ImportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON.' };
  }
  const parsed = configFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `The file is not a webhook configuration (${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'invalid'}).` };
  }
  const savedByKey = new Map(saved.map((entry) => [entryKey(entry), entry]));
  let valuesToEnter = 0;
  let secretsNotIncluded = 0;
  let count = 0;
  const entries = parsed.data.webhookConfigs.flatMap((config) =>
    config.webhookUrls.map((item): WebhookEntry => {
      const modelName = config.modelName?.trim() ?? '';
      const match = savedByKey.get(entryKey({ modelName, url: item.url }));
      const headers: HeaderDraft[] = Object.entries(item.header).map(([name, value]) => ({ name, value, masked: looksSecret(name, value) }));
      for (const name of item.redactedHeaders) {
        const known = match?.headers.find((row) => row.name === name && (row.value !== null || row.stored));
        if (!known) valuesToEnter += 1;
        headers.push(known ? { ...known } : { name, value: null, masked: true });
      }
      if (item.hadSecret && !match?.hasSecret) secretsNotIncluded += 1;
      count += 1;
      return {
        id: `imported:${count}`,
        modelName,
        name: item.name,
        url: item.url.trim(),
        headers,
        triggers: [...item.triggers],
        hasSecret: match?.hasSecret ?? false,
        secret: { action: 'keep' },
      };
    }),
  );
  return { ok: true, entries, valuesToEnter, secretsNotIncluded };
}
