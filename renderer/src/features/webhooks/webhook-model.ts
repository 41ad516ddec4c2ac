import type { z } from 'zod';
import type { webhookConfigRecord, webhookUrlInput, WebhookBodyFormat, WebhookTrigger } from '../../../../shared/api/webhooks.ts';

/** A configuration item as the service reads it back (secrets and header values never included). */
type WebhookConfigRecord = z.infer<typeof webhookConfigRecord>;

/** One URL entry as E56/E57 take it. */
export type WebhookUrlInput = z.infer<typeof webhookUrlInput>;

/** Plain words for each event type a webhook entry can subscribe to. */
export const EVENT_LABELS: Record<WebhookTrigger, string> = {
  MODEL_VERSION_STAGE_CHANGED: 'Stage changed',
  MODEL_VERSION_CREATED: 'Version created',
  MODEL_VERSION_STATUS_CHANGED: 'Status changed',
  MODEL_VERSION_TAGS_CHANGED: 'Tags changed',
  MODEL_VERSION_PROMOTION_REQUESTED: 'Promotion requested',
  MODEL_VERSION_PROMOTION_APPROVED: 'Promotion approved',
  MODEL_VERSION_PROMOTION_REJECTED: 'Promotion rejected',
  MODEL_VERSION_PROMOTION_CANCELLED: 'Promotion cancelled',
  EXPERIMENT_CRASHED: 'Run crashed',
  EXPERIMENT_FINISHED: 'Run finished',
  EXPERIMENT_ALERT: 'Run alert fired',
};

/** An event type in words (the type itself when unknown to this app). */
export const eventLabel = (eventType: string): string => EVENT_LABELS[eventType as WebhookTrigger] ?? eventType;

/** An entry's triggers in words; none means stage changes only (the seed's behaviour). */
export const triggersText = (triggers: readonly string[]): string => (triggers.length === 0 ? 'stage changes (default)' : triggers.map(eventLabel).join(', '));

/** One header of an entry being edited. */
export interface HeaderDraft {
  name: string;
  /** The value typed or imported here; null when not known here: held by the service (`stored`), or still to be entered. */
  value: string | null;
  /** The value is never shown in the editor, only replaced. */
  masked: boolean;
  /** The service holds this header's value: it is never read back, and saving without a new value keeps it. */
  stored?: boolean;
}

/** What happens to the entry's signing secret on save: kept as stored, replaced, or removed. */
export type SecretChange = { action: 'keep' } | { action: 'set'; value: string } | { action: 'clear' };

/** One URL entry of the workspace's configuration, as the editor holds it. Identity on the service: (modelName, url). */
export interface WebhookEntry {
  /** A local id for lists and forms. */
  id: string;
  /** "" for every registry model of the workspace. */
  modelName: string;
  name: string;
  url: string;
  headers: HeaderDraft[];
  triggers: string[];
  /** How run events are sent to this address: Trackdesk's JSON, or Slack's `{"text": …}` (absent: as stored). */
  bodyFormat?: WebhookBodyFormat;
  /** The service holds a signing secret for this (modelName, url). */
  hasSecret: boolean;
  secret: SecretChange;
}

const SECRET_NAME = /auth|token|secret|key|pass|signature|cookie|credential|session/i;
const SECRET_SCHEME = /^(bearer|basic|digest|token)\s+\S/i;

/** Whether a header holds something to keep out of sight: a secret-sounding name, an auth scheme, or a long random-looking value. */
export function looksSecret(name: string, value: string | null): boolean {
  if (SECRET_NAME.test(name)) return true;
  const text = (value ?? '').trim();
  if (SECRET_SCHEME.test(text)) return true;
  return text.length >= 20 && /^[A-Za-z0-9+/=_.~-]+$/.test(text) && /\d/.test(text) && /[A-Za-z]/.test(text);
}

/** How run events' bodies are sent, in words. */
export const BODY_FORMAT_LABELS: Record<WebhookBodyFormat, string> = { trackdesk: 'Trackdesk JSON', slack: 'Slack message ({"text": …})' };

/** What is shown instead of a masked value. */
export const MASK = '••••••••';

/** The identity of an entry on the service. */
export const entryKey = (entry: { modelName: string; url: string }): string => JSON.stringify([entry.modelName, entry.url.trim()]);

/** "every model" or `model "x"`. */
export const describeScope = (modelName: string): string => (modelName ? `model “${modelName}”` : 'every model');

/** The editor's entries for the configuration the service read back. */
export function entriesFromConfig(configs: readonly WebhookConfigRecord[]): WebhookEntry[] {
  return configs.flatMap((config) =>
    config.webhookUrls.map((url) => ({
      id: `saved:${entryKey({ modelName: config.modelName, url: url.url })}`,
      modelName: config.modelName,
      name: url.name,
      url: url.url,
      headers: Object.keys(url.header).map((name) => ({ name, value: null, masked: true, stored: true })),
      triggers: [...url.triggers],
      bodyFormat: url.bodyFormat ?? 'trackdesk',
      hasSecret: url.hasSecret,
      secret: { action: 'keep' as const },
    })),
  );
}

/**
 * The wire form of an entry (E56/E57); `secret` only when it changes. A header the service holds and the user did not
 * retype goes as null (keep the stored value); every other header has a value (see entryProblems).
 */
export function toWireEntry(entry: WebhookEntry): WebhookUrlInput {
  const header = Object.fromEntries(entry.headers.map((row) => [row.name.trim(), row.value]));
  const wire: WebhookUrlInput = { name: entry.name.trim(), url: entry.url.trim(), header, triggers: entry.triggers as WebhookUrlInput['triggers'] };
  if (entry.bodyFormat) wire.bodyFormat = entry.bodyFormat;
  if (entry.secret.action === 'set') wire.secret = entry.secret.value;
  if (entry.secret.action === 'clear') wire.secret = '';
  return wire;
}
