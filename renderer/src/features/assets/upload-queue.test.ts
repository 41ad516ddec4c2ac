import { describe, expect, it } from 'vitest';
import {
  cancelRequested,
  dismissed,
  enqueue,
  finished,
  percentOf,
  progressed,
  remainingSeconds,
  retried,
  speedOf,
  startable,
  started,
  type NewUpload,
  type UploadItem,
} from './upload-queue.ts';

const file = (id: string, size = 1000): NewUpload => ({
  id,
  profileId: 'local',
  experimentKey: 'exp-1',
  fileName: `${id}.bin`,
  size,
  settings: { type: 'asset', overwrite: false },
});

const byId = (items: UploadItem[], id: string) => items.find((item) => item.id === id)!;

/** a uploading under t-a, b waiting, c waiting. */
function queueWithOneRunning(): UploadItem[] {
  return started(enqueue([], [file('a'), file('b'), file('c')]), 'a', 't-a', 1000);
}

describe('upload queue transitions', () => {
  it('adds files waiting, in order, with their size and nothing sent', () => {
    const items = enqueue([], [file('a', 10), { ...file('b'), size: undefined }]);
    expect(items.map((item) => [item.id, item.status, item.attempt, item.sentBytes, item.totalBytes])).toEqual([
      ['a', 'waiting', 1, 0, 10],
      ['b', 'waiting', 1, 0, undefined],
    ]);
  });

  it('starts the oldest waiting files up to the limit of attempts in flight', () => {
    const items = enqueue([], [file('a'), file('b'), file('c')]);
    expect(startable(items, 2).map((item) => item.id)).toEqual(['a', 'b']);
    const running = started(started(items, 'a', 't-a', 0), 'b', 't-b', 0);
    expect(startable(running, 2)).toEqual([]);
    const oneCancelling = cancelRequested(running, 'a');
    expect(startable(oneCancelling, 2)).toEqual([]);
    const oneDone = finished(running, 'a', 't-a', { ok: true, assetId: 'asset-a' });
    expect(startable(oneDone, 2).map((item) => item.id)).toEqual(['c']);
  });

  it('only starts a waiting item', () => {
    const items = queueWithOneRunning();
    expect(started(items, 'a', 't-other', 2000)).toEqual(items);
  });

  it('applies progress of the current attempt only, never going backwards', () => {
    let items = queueWithOneRunning();
    items = progressed(items, 't-a', 400, 1000, 2000);
    expect(byId(items, 'a')).toMatchObject({ sentBytes: 400, totalBytes: 1000 });
    expect(progressed(items, 't-stale', 900, 1000, 2100)).toEqual(items);
    expect(progressed(items, 't-a', 300, 1000, 2200)).toEqual(items);
    expect(byId(progressed(items, 't-a', 600, undefined, 2300), 'a').totalBytes).toBe(1000);
  });

  it('marks an item uploaded only when the service answered with its asset id', () => {
    const items = finished(queueWithOneRunning(), 'a', 't-a', { ok: true, assetId: 'asset-a' });
    expect(byId(items, 'a')).toMatchObject({ status: 'done', assetId: 'asset-a', sentBytes: 1000 });
  });

  it('marks a refused upload failed with the server message and no asset id', () => {
    const items = finished(queueWithOneRunning(), 'a', 't-a', { ok: false, code: 'invalid_input', message: 'groupingName is required' });
    expect(byId(items, 'a')).toMatchObject({ status: 'failed', error: 'groupingName is required' });
    expect(byId(items, 'a').assetId).toBeUndefined();
  });

  it('ignores the outcome of an attempt that is not the current one', () => {
    const items = queueWithOneRunning();
    expect(finished(items, 'a', 't-old', { ok: true, assetId: 'x' })).toEqual(items);
    expect(finished(items, 'b', 't-a', { ok: true, assetId: 'x' })).toEqual(items);
  });

  it('cancels a waiting item at once and a running one when its attempt ends', () => {
    let items = cancelRequested(queueWithOneRunning(), 'b');
    expect(byId(items, 'b').status).toBe('cancelled');
    items = cancelRequested(items, 'a');
    expect(byId(items, 'a').status).toBe('cancelling');
    const ended = finished(items, 'a', 't-a', { ok: false, code: 'unreachable', message: 'Failed to fetch' });
    expect(byId(ended, 'a')).toMatchObject({ status: 'cancelled', error: undefined });
  });

  it('shows a cancel that came too late as uploaded: the service kept the file', () => {
    const items = cancelRequested(queueWithOneRunning(), 'a');
    expect(byId(finished(items, 'a', 't-a', { ok: true, assetId: 'asset-a' }), 'a').status).toBe('done');
  });

  it('treats a cancelled code as cancelled even without a cancel from this queue', () => {
    const items = finished(queueWithOneRunning(), 'a', 't-a', { ok: false, code: 'cancelled', message: 'Cancelled.' });
    expect(byId(items, 'a').status).toBe('cancelled');
  });

  it('does nothing when cancelling a finished item', () => {
    const items = finished(queueWithOneRunning(), 'a', 't-a', { ok: true, assetId: 'asset-a' });
    expect(cancelRequested(items, 'a')).toEqual(items);
  });

  it('retries a failed or cancelled item as a new attempt from zero; nothing else', () => {
    let items = progressed(queueWithOneRunning(), 't-a', 500, 1000, 2000);
    items = finished(items, 'a', 't-a', { ok: false, code: 'server_error', message: 'boom' });
    items = retried(items, 'a');
    expect(byId(items, 'a')).toMatchObject({ status: 'waiting', attempt: 2, sentBytes: 0, transferId: undefined, error: undefined, samples: [] });
    items = retried(cancelRequested(items, 'b'), 'b');
    expect(byId(items, 'b')).toMatchObject({ status: 'waiting', attempt: 2 });
    expect(retried(items, 'c')).toEqual(items);
  });

  it('dismisses finished items only (all, or the given ones)', () => {
    let items = finished(queueWithOneRunning(), 'a', 't-a', { ok: true, assetId: 'asset-a' });
    items = cancelRequested(items, 'b');
    expect(dismissed(items, ['a', 'c']).map((item) => item.id)).toEqual(['b', 'c']);
    expect(dismissed(items).map((item) => item.id)).toEqual(['c']);
  });
});

describe('upload speed, time left and percent', () => {
  it('measures speed over the recent samples and estimates the time left', () => {
    let items = started(enqueue([], [file('a', 10_000_000)]), 'a', 't', 0);
    expect(speedOf(byId(items, 'a'))).toBeUndefined();
    items = progressed(items, 't', 1_000_000, 10_000_000, 1000);
    items = progressed(items, 't', 2_000_000, 10_000_000, 2000);
    const item = byId(items, 'a');
    expect(speedOf(item)).toBe(1_000_000);
    expect(remainingSeconds(item)).toBe(8);
    expect(percentOf(item)).toBe(20);
  });

  it('forgets samples older than the window, so the speed follows changes', () => {
    let items = started(enqueue([], [file('a', 100_000_000)]), 'a', 't', 0);
    items = progressed(items, 't', 10_000_000, undefined, 1000);
    items = progressed(items, 't', 10_100_000, undefined, 10_000);
    items = progressed(items, 't', 10_200_000, undefined, 11_000);
    expect(speedOf(byId(items, 'a'))).toBe(100_000);
  });

  it('knows no time left without a size or a speed, and shows done as 100 %', () => {
    const unknownSize = started(enqueue([], [{ ...file('a'), size: undefined }]), 'a', 't', 0);
    expect(remainingSeconds(byId(progressed(unknownSize, 't', 10, undefined, 1000), 'a'))).toBeUndefined();
    expect(percentOf(byId(unknownSize, 'a'))).toBeUndefined();
    expect(percentOf(byId(finished(unknownSize, 'a', 't', { ok: true, assetId: 'x' }), 'a'))).toBe(100);
  });
});
