import type { z } from 'zod';
import type { webhookConfigBody } from '../../../../shared/api/webhooks.ts';
import { BODY_FORMAT_LABELS, entryKey, looksSecret, MASK, toWireEntry, triggersText, type HeaderDraft, type WebhookEntry, type WebhookUrlInput } from './webhook-model.ts';

/** E56 merges entries into the workspace's configuration; E57 replaces it. */
export type SaveMode = 'merge' | 'replace';

/** The E56/E57 body. */
type WebhookConfigBody = z.input<typeof webhookConfigBody>;

/** One field of an entry before and after, as safe to show (secret values masked). */
interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** An entry and its field changes. */
export interface EntryChange {
  entry: WebhookEntry;
  changes: FieldChange[];
}

/** What saving the edited configuration does to the service's configuration. */
export interface ConfigDiff {
  mode: SaveMode;
  added: EntryChange[];
  changed: EntryChange[];
  /** Saved entries the edited configuration lacks: replace removes them, merge leaves them in place. */
  missing: EntryChange[];
  unchanged: WebhookEntry[];
}

const NONE = '—';


function secretState(entry: WebhookEntry | undefined): string {
  if (!entry) return NONE;
  if (entry.secret.action === 'set') return entry.hasSecret ? 'new secret' : 'set';
  if (entry.secret.action === 'clear') return 'none';
  return entry.hasSecret ? 'set' : 'none';
}

function headerText(row: HeaderDraft | undefined, masked: boolean): string {
  if (!row) return NONE;
  if (row.value === null) return row.stored ? MASK : 'to be entered';
  return masked || looksSecret(row.name, row.value) ? MASK : row.value;
}

/** Whether two versions of a header send the same value (a stored value is only the same as itself, not retyped). */
const sameHeader = (a: HeaderDraft, b: HeaderDraft) => a.value === b.value && Boolean(a.stored) === Boolean(b.stored);

function headerChanges(before: WebhookEntry | undefined, after: WebhookEntry | undefined): FieldChange[] {
  const old = new Map((before?.headers ?? []).map((row) => [row.name.trim(), row]));
  const next = new Map((after?.headers ?? []).map((row) => [row.name.trim(), row]));
  const changes: FieldChange[] = [];
  for (const name of [...new Set([...old.keys(), ...next.keys()])].sort()) {
    const a = old.get(name);
    const b = next.get(name);
    if (a && b && sameHeader(a, b)) continue;
    const masked = Boolean(a?.masked || b?.masked || looksSecret(name, a?.value ?? null) || looksSecret(name, b?.value ?? null));
    const beforeText = headerText(a, masked);
    const afterText = headerText(b, masked);
    changes.push({ field: `header ${name}`, before: beforeText, after: a && b && beforeText === afterText ? `${afterText} (changed)` : afterText });
  }
  return changes;
}

/** The differences between two versions of one entry (either may be absent), secrets masked. */
function fieldChanges(before: WebhookEntry | undefined, after: WebhookEntry | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  const name = [before?.name.trim() ?? NONE, after?.name.trim() ?? NONE] as const;
  if (name[0] !== name[1]) changes.push({ field: 'name', before: name[0] || '(none)', after: name[1] || '(none)' });
  changes.push(...headerChanges(before, after));
  const triggers = [before ? triggersText([...before.triggers].sort()) : NONE, after ? triggersText([...after.triggers].sort()) : NONE] as const;
  if (triggers[0] !== triggers[1]) changes.push({ field: 'triggers', before: triggers[0], after: triggers[1] });
  const format = [before ? BODY_FORMAT_LABELS[before.bodyFormat ?? 'trackdesk'] : NONE, after ? BODY_FORMAT_LABELS[after.bodyFormat ?? 'trackdesk'] : NONE] as const;
  if (before && after && format[0] !== format[1]) changes.push({ field: 'run event body', before: format[0], after: format[1] });
  const secret = [before ? secretState(before) : NONE, secretState(after)] as const;
  if (secret[0] !== secret[1] && !(before === undefined && secret[1] === 'none') && !(after === undefined && secret[0] === 'none')) {
    changes.push({ field: 'signing secret', before: secret[0], after: secret[1] });
  }
  return changes;
}

/** What saving `edited` in `mode` changes, compared with the service's current entries `saved`. */
export function diffConfig(saved: readonly WebhookEntry[], edited: readonly WebhookEntry[], mode: SaveMode): ConfigDiff {
  const savedByKey = new Map(saved.map((entry) => [entryKey(entry), entry]));
  const editedKeys = new Set(edited.map(entryKey));
  const diff: ConfigDiff = { mode, added: [], changed: [], missing: [], unchanged: [] };
  for (const entry of edited) {
    const before = savedByKey.get(entryKey(entry));
    const changes = fieldChanges(before, entry);
    if (!before) diff.added.push({ entry, changes });
    else if (changes.length > 0) diff.changed.push({ entry, changes });
    else diff.unchanged.push(entry);
  }
  for (const entry of saved) {
    if (!editedKeys.has(entryKey(entry))) diff.missing.push({ entry, changes: fieldChanges(entry, undefined) });
  }
  return diff;
}

/** Whether saving changes anything on the service (merge never removes, so missing entries do not count for it). */
export function hasChanges(diff: ConfigDiff): boolean {
  return diff.added.length > 0 || diff.changed.length > 0 || (diff.mode === 'replace' && diff.missing.length > 0);
}

function grouped(workspaceName: string, entries: readonly WebhookEntry[]): WebhookConfigBody['webhookConfigs'] {
  const byModel = new Map<string, WebhookUrlInput[]>();
  for (const entry of entries) byModel.set(entry.modelName, [...(byModel.get(entry.modelName) ?? []), toWireEntry(entry)]);
  return [...byModel.entries()].map(([modelName, webhookUrls]) => ({ workspaceName, modelName, webhookUrls }));
}

/** The body to send: merge sends the added and changed entries; replace sends every entry (an empty list empties the workspace). */
export function saveBody(workspaceName: string, edited: readonly WebhookEntry[], diff: ConfigDiff): WebhookConfigBody {
  if (diff.mode === 'merge') {
    const sent = new Set([...diff.added, ...diff.changed].map((change) => change.entry));
    return { webhookConfigs: grouped(workspaceName, edited.filter((entry) => sent.has(entry))) };
  }
  const items = grouped(workspaceName, edited);
  return { webhookConfigs: items.length > 0 ? items : [{ workspaceName, modelName: '', webhookUrls: [] }] };
}
