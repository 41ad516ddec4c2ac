// The desktop preload bridge is replaced by a scripted one here: the ordering race below cannot be produced on demand
// with the real backend, and the Electron runtime cannot run on this machine.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { Envelope, ServiceStatus } from '../../../shared/ipc/index.ts';
import type { TrackdeskBridge } from '../bridge.ts';
import { useServiceStatus, useServiceStatusEvents } from './service-status.ts';

afterEach(() => {
  cleanup();
  delete window.trackdesk;
});

function StatusProbe() {
  useServiceStatusEvents();
  return <output aria-label="state">{useServiceStatus().data?.state ?? 'unknown'}</output>;
}

/** A bridge whose first `service.status` answer is held back until the test releases it. */
function scriptedBridge(current: () => ServiceStatus) {
  const listeners = new Set<(payload: unknown) => void>();
  let releaseFirst: (() => void) | undefined;
  let calls = 0;
  let answered = 0;
  const bridge: TrackdeskBridge = {
    invoke: async (channel) => {
      if (channel === 'profiles.list') return { ok: true, data: { profiles: [], activeProfileId: 'embedded', keychain: true } } as Envelope<unknown>;
      const answer = current();
      if (calls++ === 0) await new Promise<void>((resolve) => (releaseFirst = resolve));
      answered += 1;
      return { ok: true, data: answer };
    },
    on: (_event, listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    acceptDroppedFiles: async () => [],
  };
  return {
    bridge,
    held: () => releaseFirst !== undefined,
    allAnswered: () => answered === calls,
    push: (status: ServiceStatus) => listeners.forEach((listener) => listener(status)),
    releaseFirst: () => releaseFirst?.(),
  };
}

it('keeps the newest state when a status read sent before an event answers after it', async () => {
  let state: ServiceStatus = { profileId: 'embedded', state: 'starting' };
  const script = scriptedBridge(() => state);
  window.trackdesk = script.bridge;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StatusProbe />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(script.held()).toBe(true));
  state = { profileId: 'embedded', state: 'ready', baseUrl: 'http://127.0.0.1:5170' };
  script.push(state);
  script.releaseFirst();
  await waitFor(() => expect(script.allAnswered()).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(screen.getByLabelText('state').textContent).toBe('ready');
});
