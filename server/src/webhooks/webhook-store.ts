import type { SecretBox } from '../database/secret-box.ts';
import type { Sql } from '../database/sql.ts';
import type { webhookBodyFormats } from '../../../shared/api/webhooks.ts';

/** One configured webhook URL of a workspace (modelName '' = every registry model). */
export interface WebhookUrlEntry {
  workspaceId: number;
  modelName: string;
  url: string;
  name: string;
  headers: Record<string, string>;
  triggers: string[];
  secret: string | null;
  /** How run events' bodies are written for this URL. */
  bodyFormat: WebhookBodyFormat;
}

/** Trackdesk's JSON payload, or Slack's `{"text": …}`. */
export type WebhookBodyFormat = (typeof webhookBodyFormats)[number];

/** Storage of webhook configuration. */
export interface WebhookConfigStore {
  /** A workspace's entries (one model's only when `modelName` is given), by model then URL. */
  list(workspaceId: number, modelName?: string): Promise<WebhookUrlEntry[]>;
  find(workspaceId: number, modelName: string, url: string): Promise<WebhookUrlEntry | undefined>;
  /** The entries that receive events of one registry model: its own and the workspace-wide ones. */
  matching(workspaceId: number, registryModelName: string): Promise<WebhookUrlEntry[]>;
  /** Inserts or replaces the entry with the same (workspace, modelName, url). */
  upsert(entry: WebhookUrlEntry, now: number): Promise<void>;
  /** Moves a model's entries to its new name (E21 renames). */
  renameModel(workspaceId: number, from: string, to: string, now: number): Promise<void>;
  /** Removes every entry of a workspace. */
  clearWorkspace(workspaceId: number): Promise<void>;
}

interface UrlRecord {
  workspace_id: number;
  model_name: string;
  url: string;
  name: string;
  headers: string;
  triggers: string;
  secret: string | null;
  body_format: string;
}

/** Creates the webhook configuration store over a database; the secret and the headers are stored sealed by `box`. */
export function createWebhookConfigStore(db: Sql, box: SecretBox): WebhookConfigStore {
  const toEntry = (row: UrlRecord): WebhookUrlEntry => ({
    workspaceId: row.workspace_id,
    modelName: row.model_name,
    url: row.url,
    name: row.name,
    headers: JSON.parse(box.open(row.headers)) as Record<string, string>,
    triggers: JSON.parse(row.triggers) as string[],
    secret: row.secret === null ? null : box.open(row.secret),
    bodyFormat: row.body_format === 'slack' ? 'slack' : 'trackdesk',
  });
  const listAll = db.prepare<[number], UrlRecord>('SELECT * FROM webhook_urls WHERE workspace_id = ? ORDER BY model_name, url');
  const listModel = db.prepare<[number, string], UrlRecord>('SELECT * FROM webhook_urls WHERE workspace_id = ? AND model_name = ? ORDER BY url');
  const find = db.prepare<[number, string, string], UrlRecord>('SELECT * FROM webhook_urls WHERE workspace_id = ? AND model_name = ? AND url = ?');
  const matching = db.prepare<[number, string], UrlRecord>(
    "SELECT * FROM webhook_urls WHERE workspace_id = ? AND (model_name = '' OR model_name = ?) ORDER BY model_name, url",
  );
  const upsert = db.prepare(
    `INSERT INTO webhook_urls (workspace_id, model_name, url, name, headers, triggers, secret, created_at, last_updated, body_format)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (workspace_id, model_name, url) DO UPDATE SET name = excluded.name, headers = excluded.headers,
     triggers = excluded.triggers, secret = excluded.secret, last_updated = excluded.last_updated, body_format = excluded.body_format`,
  );
  /** The entries a rename would collide with (same url under the new name) give way, as SQLite's UPDATE OR REPLACE would. */
  const dropCollisions = db.prepare(
    "DELETE FROM webhook_urls WHERE workspace_id = ? AND model_name = ? AND url IN (SELECT url FROM webhook_urls WHERE workspace_id = ? AND model_name = ? AND model_name <> '')",
  );
  const rename = db.prepare("UPDATE webhook_urls SET model_name = ?, last_updated = ? WHERE workspace_id = ? AND model_name = ? AND model_name <> ''");
  const clear = db.prepare('DELETE FROM webhook_urls WHERE workspace_id = ?');
  return {
    list: async (workspaceId, modelName) => (modelName === undefined ? await listAll.all(workspaceId) : await listModel.all(workspaceId, modelName)).map(toEntry),
    find: async (workspaceId, modelName, url) => {
      const row = await find.get(workspaceId, modelName, url);
      return row && toEntry(row);
    },
    matching: async (workspaceId, registryModelName) => (await matching.all(workspaceId, registryModelName)).map(toEntry),
    async upsert(entry, now) {
      await upsert.run(
        entry.workspaceId,
        entry.modelName,
        entry.url,
        entry.name,
        box.seal(JSON.stringify(entry.headers)),
        JSON.stringify(entry.triggers),
        entry.secret === null ? null : box.seal(entry.secret),
        now,
        now,
        entry.bodyFormat,
      );
    },
    renameModel: (workspaceId, from, to, now) =>
      db.transaction(async () => {
        if (from === '' || from === to) return;
        await dropCollisions.run(workspaceId, to, workspaceId, from);
        await rename.run(to, now, workspaceId, from);
      }),
    clearWorkspace: async (workspaceId) => {
      await clear.run(workspaceId);
    },
  };
}
