import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../../shared/ipc/index.ts';
import type { TrackdeskBridge } from '../../bridge.ts';
import { renderInShell } from '../../shell/testing.tsx';
import { TrackedDownload } from './tracked-download.tsx';

afterEach(() => {
  delete window.trackdesk;
});

/** A desktop bridge whose save dialog answers a path and whose download runs until the test ends it; it records every call. */
function desktopBridge() {
  const calls: Array<{ channel: string; input: Record<string, unknown> }> = [];
  const listeners: Array<(payload: unknown) => void> = [];
  const events: string[] = [];
  let finish: (envelope: Envelope<unknown>) => void = () => undefined;
  const bridge: TrackdeskBridge = {
    invoke: async (channel, input) => {
      calls.push({ channel, input: input as Record<string, unknown> });
      if (channel === 'files.chooseSave') return { ok: true, data: { path: '/tmp/set.zip' } };
      if (channel === 'transfers.cancel') {
        finish({ ok: false, error: { code: 'cancelled', message: 'The transfer was cancelled.' } });
        return { ok: true, data: { cancelled: true } };
      }
      if (channel === 'transfers.download') return new Promise((resolve) => (finish = resolve));
      throw new Error(`unexpected channel ${channel}`);
    },
    on: (event, listener) => {
      events.push(event);
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    acceptDroppedFiles: async () => [],
  };
  const emit = (payload: unknown) => listeners.forEach((listener) => listener(payload));
  return { bridge, calls, emit, events };
}

describe('a tracked download in the desktop window', () => {
  it('streams to the chosen file through the transfer queue, shows its progress, and cancels it by its id', async () => {
    const { bridge, calls, emit, events } = desktopBridge();
    window.trackdesk = bridge;
    renderInShell(<TrackedDownload endpoint="downloadArtifactVersion" query={{ artifactVersionId: 'v1' }} fileName="set.zip" label="Download set (zip)" expectedBytes={2048} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download set (zip)' }));
    const progress = await screen.findByRole('progressbar', { name: 'Downloading set.zip' });
    const download = calls.find((call) => call.channel === 'transfers.download')?.input;
    expect(download).toMatchObject({ endpoint: 'downloadArtifactVersion', query: { artifactVersionId: 'v1' }, filePath: '/tmp/set.zip' });
    // The page listens for progress from an effect, which runs after the bar is first drawn.
    await waitFor(() => expect(events).toContain('transfers.progress'));
    act(() => emit({ transferId: download?.transferId, direction: 'download', state: 'running', transferredBytes: 1024 }));
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('50'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel download' }));
    expect(calls.find((call) => call.channel === 'transfers.cancel')?.input).toEqual({ transferId: download?.transferId });
    expect(await screen.findByRole('button', { name: 'Download set (zip)' })).toBeTruthy();
    // Room for the first render of the page's MUI parts on a busy machine.
  }, 15_000);
});
