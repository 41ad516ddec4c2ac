import type { z } from 'zod';
import type { registryHistoryEvent, RegistryActionType } from '../../../../shared/api/registry-items.ts';
import { compactJson, metadataDiff, type MetadataDocument } from './metadata-diff.ts';

/** One entry of a version's history, as the service returns it. */
export type HistoryEvent = z.infer<typeof registryHistoryEvent>;

/** What the history table shows: every value, or only entries of one version, one kind of change, one user. */
export interface HistoryFilter {
  version: string;
  action: RegistryActionType | '';
  userName: string;
}

/** The filter that keeps every entry. */
export const NO_HISTORY_FILTER: HistoryFilter = { version: '', action: '', userName: '' };

/** Plain words for each kind of change. */
export const ACTION_LABELS: Record<RegistryActionType, string> = {
  MODEL_VERSION_CREATED: 'Version created',
  MODEL_VERSION_STATUS_CHANGED: 'Status changed',
  MODEL_VERSION_STAGE_ADDED: 'Stage added',
  MODEL_VERSION_STAGE_REMOVED: 'Stage removed',
  MODEL_VERSION_TAGS_CHANGED: 'Stages set',
  MODEL_VERSION_COMMENT_CHANGED: 'Comment changed',
  MODEL_VERSION_METADATA_CHANGED: 'Metadata changed',
  MODEL_VERSION_DELETED: 'Version deleted',
  MODEL_VERSION_PROMOTION_REQUESTED: 'Promotion requested',
  MODEL_VERSION_PROMOTION_APPROVED: 'Promotion approved',
  MODEL_VERSION_PROMOTION_REJECTED: 'Promotion rejected',
  MODEL_VERSION_PROMOTION_CANCELLED: 'Promotion cancelled',
};

/** The entries of several versions' history replies (each grouped by day) as one list, newest first. */
export function flattenHistory(replies: readonly Record<string, readonly HistoryEvent[]>[]): HistoryEvent[] {
  const seen = new Set<string>();
  const events = replies.flatMap((reply) => Object.values(reply).flat());
  const unique = events.filter((event) => {
    const key = `${event.registryModelItemId}/${event.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => b.createdAt - a.createdAt || Number(b.id) - Number(a.id));
}

/** The entries that pass every part of the filter that is set. */
export function filterHistory(events: readonly HistoryEvent[], filter: HistoryFilter): HistoryEvent[] {
  return events.filter(
    (event) =>
      (filter.version === '' || event.registryModelItemVersion === filter.version) &&
      (filter.action === '' || event.actionType === filter.action) &&
      (filter.userName === '' || event.userName === filter.userName),
  );
}

/** The values each filter may take, from the entries at hand: versions and users by name, kinds in the order of ACTION_LABELS. */
export function historyChoices(events: readonly HistoryEvent[]): { versions: string[]; actions: RegistryActionType[]; userNames: string[] } {
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  const actions = new Set(events.map((event) => event.actionType));
  return {
    versions: sorted(events.map((event) => event.registryModelItemVersion)),
    actions: (Object.keys(ACTION_LABELS) as RegistryActionType[]).filter((action) => actions.has(action)),
    userNames: sorted(events.map((event) => event.userName)),
  };
}

const stageList = (value: unknown): string => (Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : 'none');
const quoted = (value: unknown): string => (typeof value === 'string' && value !== '' ? `“${value}”` : 'empty');
const field = (value: Record<string, unknown> | null, name: string): unknown => value?.[name];
const asDocument = (value: unknown): MetadataDocument => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as MetadataDocument) : {});

/** One line saying what a metadata change did ("lr: 0.1 → 0.2; owner removed"). */
function metadataSummary(before: unknown, after: unknown): string {
  const changes = metadataDiff(asDocument(before), asDocument(after));
  if (changes.length === 0) return 'no visible change';
  return changes
    .map((change) =>
      change.kind === 'added'
        ? `${change.path} added (${compactJson(change.after, 60)})`
        : change.kind === 'removed'
          ? `${change.path} removed`
          : `${change.path}: ${compactJson(change.before, 60)} → ${compactJson(change.after, 60)}`,
    )
    .join('; ');
}

/** One line saying what an entry changed, from its before and after values. */
export function describeChange(event: HistoryEvent): string {
  const before = event.previousValue;
  const after = event.newValue;
  switch (event.actionType) {
    case 'MODEL_VERSION_CREATED':
      return `Created with status ${String(field(after, 'status') ?? 'unknown')}, stages ${stageList(field(after, 'stages'))}`;
    case 'MODEL_VERSION_STATUS_CHANGED':
      return `${String(field(before, 'registryModelStatus') ?? '?')} → ${String(field(after, 'registryModelStatus') ?? '?')}`;
    case 'MODEL_VERSION_STAGE_ADDED':
    case 'MODEL_VERSION_STAGE_REMOVED':
    case 'MODEL_VERSION_TAGS_CHANGED':
      return `${stageList(field(before, 'stages'))} → ${stageList(field(after, 'stages'))}`;
    case 'MODEL_VERSION_COMMENT_CHANGED':
      return `${quoted(field(before, 'comment'))} → ${quoted(field(after, 'comment'))}`;
    case 'MODEL_VERSION_METADATA_CHANGED':
      return metadataSummary(field(before, 'metadata'), field(after, 'metadata'));
    case 'MODEL_VERSION_DELETED':
      return `Deleted (status ${String(field(before, 'status') ?? 'unknown')}, stages ${stageList(field(before, 'stages'))})`;
    case 'MODEL_VERSION_PROMOTION_REQUESTED':
    case 'MODEL_VERSION_PROMOTION_APPROVED':
    case 'MODEL_VERSION_PROMOTION_REJECTED':
    case 'MODEL_VERSION_PROMOTION_CANCELLED':
      return `${String(field(after, 'kind') ?? '?')} ${String(field(after, 'value') ?? '?')}: ${String(field(after, 'state') ?? '?')}`;
  }
}

/** True when a failed history read means the service has no history endpoint (404 or 501), not that reading it failed. */
export function isHistoryUnsupported(error: { status?: number | undefined }): boolean {
  return error.status === 404 || error.status === 501;
}
