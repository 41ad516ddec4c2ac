import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelRequested, enqueue, finished, progressed, started, type UploadItem } from './upload-queue.ts';
import { UploadQueueView } from './upload-queue-view.tsx';

afterEach(cleanup);

const MB = 1024 * 1024;

/** One item per state: running (with speed), waiting, done, failed, cancelled, cancelling. */
function queue(): UploadItem[] {
  const settings = { type: 'image', step: 3, context: 'train', overwrite: false };
  const names = ['running.png', 'waiting.png', 'done.png', 'failed.png', 'cancelled.png', 'cancelling.png'];
  let items = enqueue(
    [],
    names.map((fileName) => ({ id: fileName, profileId: 'local', experimentKey: 'e', fileName, size: 10 * MB, settings })),
  );
  for (const id of ['running.png', 'done.png', 'failed.png', 'cancelling.png']) items = started(items, id, `t-${id}`, 0);
  items = progressed(items, 't-running.png', 2 * MB, 10 * MB, 1000);
  items = progressed(items, 't-running.png', 4 * MB, 10 * MB, 2000);
  items = finished(items, 'done.png', 't-done.png', { ok: true, assetId: 'a1' });
  items = finished(items, 'failed.png', 't-failed.png', { ok: false, code: 'too_large', message: 'The uploaded file is larger than this service accepts (1024 bytes).' });
  items = cancelRequested(items, 'cancelled.png');
  return cancelRequested(items, 'cancelling.png');
}

function renderQueue(items = queue()) {
  const handlers = { onCancel: vi.fn(), onRetry: vi.fn(), onDismiss: vi.fn() };
  render(<UploadQueueView items={items} {...handlers} />);
  const row = (name: string) => within(screen.getByRole('listitem', { name }));
  return { handlers, row };
}

describe('UploadQueueView', () => {
  it('shows a running file with its progress bar, bytes, speed and time left, and lets the user cancel it', () => {
    const { handlers, row } = renderQueue();
    const running = row('running.png');
    expect(running.getByRole('progressbar', { name: 'Upload progress of running.png' }).getAttribute('aria-valuenow')).toBe('40');
    expect(running.getByText('4 MB of 10 MB · 2 MB/s · 3 s left')).toBeTruthy();
    expect(running.getByText('image · step 3 · train')).toBeTruthy();
    fireEvent.click(running.getByRole('button', { name: 'Cancel upload of running.png' }));
    expect(handlers.onCancel).toHaveBeenCalledWith('running.png');
  });

  it('shows a waiting file as waiting, cancellable, without a retry', () => {
    const { row } = renderQueue();
    const waiting = row('waiting.png');
    expect(waiting.getByText('Waiting')).toBeTruthy();
    expect(waiting.getByRole('button', { name: 'Cancel upload of waiting.png' })).toBeTruthy();
    expect(waiting.queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('shows a failed file with the server message as an alert, never as uploaded, and offers retry', () => {
    const { handlers, row } = renderQueue();
    const failed = row('failed.png');
    expect(failed.getByRole('alert').textContent).toBe('Failed: The uploaded file is larger than this service accepts (1024 bytes).');
    expect(failed.queryByText(/Uploaded/)).toBeNull();
    expect(failed.queryByRole('progressbar')).toBeNull();
    fireEvent.click(failed.getByRole('button', { name: 'Retry upload of failed.png' }));
    expect(handlers.onRetry).toHaveBeenCalledWith('failed.png');
  });

  it('shows the uploaded file as uploaded, with nothing to cancel or retry, only to dismiss', () => {
    const { handlers, row } = renderQueue();
    const done = row('done.png');
    expect(done.getByText('Uploaded (10 MB)')).toBeTruthy();
    expect(done.queryByRole('button', { name: /Cancel|Retry/ })).toBeNull();
    fireEvent.click(done.getByRole('button', { name: 'Remove done.png from the upload list' }));
    expect(handlers.onDismiss).toHaveBeenCalledWith(['done.png']);
  });

  it('shows a cancelled file as cancelled (retry possible) and one being cancelled without buttons', () => {
    const { row } = renderQueue();
    expect(row('cancelled.png').getByText('Cancelled; nothing was kept')).toBeTruthy();
    expect(row('cancelled.png').getByRole('button', { name: 'Retry upload of cancelled.png' })).toBeTruthy();
    const cancelling = row('cancelling.png');
    expect(cancelling.getByText('Cancelling…')).toBeTruthy();
    expect(cancelling.queryByRole('button')).toBeNull();
  });

  it('clears all finished files at once, and renders nothing for an empty queue', () => {
    const { handlers } = renderQueue();
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(handlers.onDismiss).toHaveBeenCalledWith();
    cleanup();
    const { container } = render(<UploadQueueView items={[]} onCancel={vi.fn()} onRetry={vi.fn()} onDismiss={vi.fn()} />);
    expect(container.childElementCount).toBe(0);
  });
});
