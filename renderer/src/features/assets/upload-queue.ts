/**
 * The upload queue as pure data and transitions: every function takes the items and answers new items, so the
 * rules (what may start, what counts as uploaded, what cancel and retry mean) are tested without a backend.
 *
 *   waiting ──start──▶ uploading ──reply──▶ done
 *      │                  │  └────error───▶ failed ──retry──▶ waiting
 *      │               cancel                  ▲
 *      │                  ▼                    │
 *      └───cancel──▶ cancelled ◀──ended── cancelling ──reply──▶ done (the service had it before the cancel)
 *                        └──retry──▶ waiting
 */

/** Where one file's upload stands. */
type UploadStatus = 'waiting' | 'uploading' | 'cancelling' | 'done' | 'failed' | 'cancelled';

/** The upload fields the user chose for a file (E44's query and its `metadata` part). */
export interface UploadSettings {
  /** The asset type sent to the service. */
  type: string;
  step?: number | undefined;
  context?: string | undefined;
  /** A JSON object as text. */
  metadata?: string | undefined;
  overwrite: boolean;
  /** Tags added to the asset once it is uploaded (E48). */
  tags?: readonly string[] | undefined;
}

/** Bytes sent by a moment in time, for the speed estimate. */
interface ProgressSample {
  at: number;
  bytes: number;
}

/** One file in the queue. */
export interface UploadItem {
  id: string;
  profileId: string;
  experimentKey: string;
  fileName: string;
  settings: UploadSettings;
  status: UploadStatus;
  /** 1 for the first try, +1 per retry. */
  attempt: number;
  /** The transfer id of the current attempt (a new one per attempt, so late events of an old one are ignored). */
  transferId: string | undefined;
  sentBytes: number;
  totalBytes: number | undefined;
  samples: ProgressSample[];
  /** The service's (or the backend's) message when the upload failed. */
  error?: string | undefined;
  /** The asset id the service answered; set only once the upload succeeded. */
  assetId?: string | undefined;
}

/** What a caller adds: a file's identity, size if known, and its settings. */
export interface NewUpload {
  id: string;
  profileId: string;
  experimentKey: string;
  fileName: string;
  size: number | undefined;
  settings: UploadSettings;
}

/** How an attempt ended: the service's reply, or an error code and message. */
export type UploadOutcome = { ok: true; assetId: string } | { ok: false; code: string; message: string };

/** How far back the speed estimate looks. */
const SPEED_WINDOW_MS = 5_000;

const ACTIVE: ReadonlySet<UploadStatus> = new Set(['uploading', 'cancelling']);
const FINISHED: ReadonlySet<UploadStatus> = new Set(['done', 'failed', 'cancelled']);

/** True while an attempt is in flight. */
const isActive = (item: UploadItem): boolean => ACTIVE.has(item.status);
/** True once nothing more will happen unless the user retries. */
export const isFinished = (item: UploadItem): boolean => FINISHED.has(item.status);

const update = (items: readonly UploadItem[], id: string, change: (item: UploadItem) => UploadItem | undefined): UploadItem[] =>
  items.map((item) => (item.id === id ? (change(item) ?? item) : item));

/** Adds files at the end of the queue, waiting. */
export function enqueue(items: readonly UploadItem[], additions: readonly NewUpload[]): UploadItem[] {
  return [
    ...items,
    ...additions.map(({ size, ...addition }) => ({
      ...addition,
      status: 'waiting' as const,
      attempt: 1,
      transferId: undefined,
      sentBytes: 0,
      totalBytes: size,
      samples: [],
    })),
  ];
}

/** The waiting items to start now, oldest first, so that at most `limit` attempts are in flight. */
export function startable(items: readonly UploadItem[], limit: number): UploadItem[] {
  const free = limit - items.filter(isActive).length;
  return free > 0 ? items.filter((item) => item.status === 'waiting').slice(0, free) : [];
}

/** A waiting item's attempt began under `transferId`. */
export function started(items: readonly UploadItem[], id: string, transferId: string, now: number): UploadItem[] {
  return update(items, id, (item) =>
    item.status === 'waiting' ? { ...item, status: 'uploading', transferId, sentBytes: 0, samples: [{ at: now, bytes: 0 }] } : undefined,
  );
}

/** Bytes reported for a transfer; ignored unless it is the current attempt of an item in flight. */
export function progressed(items: readonly UploadItem[], transferId: string, sent: number, total: number | undefined, now: number): UploadItem[] {
  return items.map((item) => {
    if (item.transferId !== transferId || !isActive(item) || sent < item.sentBytes) return item;
    const samples = [...item.samples.filter((sample) => sample.at >= now - SPEED_WINDOW_MS), { at: now, bytes: sent }];
    return { ...item, sentBytes: sent, totalBytes: total ?? item.totalBytes, samples };
  });
}

/**
 * An attempt ended. Only the service's reply makes an item `done`; any error makes it `failed` with the message,
 * except that an error after the user asked to cancel (or a `cancelled` code) makes it `cancelled`.
 */
export function finished(items: readonly UploadItem[], id: string, transferId: string, outcome: UploadOutcome): UploadItem[] {
  return update(items, id, (item) => {
    if (item.transferId !== transferId || !isActive(item)) return undefined;
    if (outcome.ok) return { ...item, status: 'done', assetId: outcome.assetId, error: undefined, sentBytes: item.totalBytes ?? item.sentBytes };
    if (item.status === 'cancelling' || outcome.code === 'cancelled') return { ...item, status: 'cancelled', error: undefined };
    return { ...item, status: 'failed', error: outcome.message };
  });
}

/** The user cancels: a waiting item is cancelled at once; one in flight waits for its attempt to end. */
export function cancelRequested(items: readonly UploadItem[], id: string): UploadItem[] {
  return update(items, id, (item) => {
    if (item.status === 'waiting') return { ...item, status: 'cancelled' };
    if (item.status === 'uploading') return { ...item, status: 'cancelling' };
    return undefined;
  });
}

/** The user retries a failed or cancelled item: it waits again, from zero, as a new attempt. */
export function retried(items: readonly UploadItem[], id: string): UploadItem[] {
  return update(items, id, (item) =>
    item.status === 'failed' || item.status === 'cancelled'
      ? { ...item, status: 'waiting', attempt: item.attempt + 1, transferId: undefined, sentBytes: 0, samples: [], error: undefined }
      : undefined,
  );
}

/** Removes finished items (all, or those with the given ids); items still waiting or in flight stay. */
export function dismissed(items: readonly UploadItem[], ids?: readonly string[]): UploadItem[] {
  return items.filter((item) => !isFinished(item) || (ids !== undefined && !ids.includes(item.id)));
}

/** Bytes per second over the recent samples, or undefined until there are two samples apart in time. */
export function speedOf(item: UploadItem): number | undefined {
  const first = item.samples[0];
  const last = item.samples.at(-1);
  if (!first || !last || last.at <= first.at) return undefined;
  return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
}

/** Seconds left at the current speed, or undefined when the size or the speed is unknown. */
export function remainingSeconds(item: UploadItem): number | undefined {
  const speed = speedOf(item);
  if (item.totalBytes === undefined || speed === undefined || speed <= 0) return undefined;
  return Math.max(0, (item.totalBytes - item.sentBytes) / speed);
}

/** Progress in percent (0–100), or undefined when the size is unknown. */
export function percentOf(item: UploadItem): number | undefined {
  if (item.status === 'done') return 100;
  if (item.totalBytes === undefined) return undefined;
  return item.totalBytes === 0 ? 0 : Math.min(100, (item.sentBytes * 100) / item.totalBytes);
}
