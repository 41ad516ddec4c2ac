// The desktop preload bridge is replaced by a scripted one here: a live read held in flight while the user switches
// sections cannot be produced on demand with the real backend, and the Electron runtime cannot run on this machine.
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import type { Envelope } from '../../../../shared/ipc/index.ts';
import type { TrackdeskBridge } from '../../bridge.ts';
import { useApiQuery } from '../../lib/api.ts';
import { renderInShell } from '../../shell/testing.tsx';
import { testMetadata } from '../experiments/test-rows.ts';
import { useLiveExperiment } from './use-live-experiment.ts';

const EXPERIMENT = 'e-live';

afterEach(() => {
  delete window.trackdesk;
});

/**
 * A service holding one experiment's output lines, answering `ext.experimentLive` from cursors that count the lines
 * seen and `read.output` with every line; `holdNextLook` keeps the next forward live read in flight until released.
 */
function scriptedService(lines: string[]) {
  let held: { release: () => void } | undefined;
  let holdNext = false;
  let inFlight = 0;
  const answer = async (endpoint: string, query: Record<string, unknown>): Promise<unknown> => {
    if (endpoint === 'getOutput') return { output: lines.join('') };
    if (endpoint !== 'getExperimentLive') throw new Error(`unexpected read ${endpoint}`);
    const since = typeof query.since === 'string' ? Number(query.since.slice(1)) : undefined;
    const snapshot = [...lines];
    if (since !== undefined && holdNext) {
      holdNext = false;
      await new Promise<void>((resolve) => (held = { release: resolve }));
    }
    const output = since === undefined ? [] : snapshot.slice(since).map((line) => ({ output: line, stderr: false }));
    return { experiment: testMetadata({ experimentKey: EXPERIMENT, running: true }), metrics: [], output, cursor: `c${snapshot.length}`, more: false };
  };
  const bridge: TrackdeskBridge = {
    invoke: async (channel, input) => {
      if (channel !== 'api.call') return { ok: false, error: { code: 'internal', message: `unexpected channel ${channel}` } };
      const { endpoint, query } = input as { endpoint: string; query: Record<string, unknown> };
      inFlight += 1;
      try {
        return { ok: true, data: await answer(endpoint, query) } as Envelope<unknown>;
      } finally {
        inFlight -= 1;
      }
    },
    on: () => () => undefined,
    acceptDroppedFiles: async () => [],
  };
  return {
    bridge,
    holdNextLook: () => (holdNext = true),
    isHeld: () => held !== undefined,
    release: () => held?.release(),
    idle: () => inFlight === 0,
  };
}

/** The output as the page caches it, shown once the first section could read. */
function OutputProbe() {
  const output = useApiQuery('getOutput', { experimentKey: EXPERIMENT });
  return <pre aria-label="Output lines">{output.data?.output ?? ''}</pre>;
}

/** A page following the experiment live on a section that a button switches. */
function LivePage() {
  const [section, setSection] = useState('Output');
  const live = useLiveExperiment(EXPERIMENT, section);
  const [readOnce, setReadOnce] = useState(false);
  if (live.ready && !readOnce) setReadOnce(true);
  return (
    <>
      <button onClick={() => setSection('System and git')}>System and git</button>
      <output aria-label="Section ready">{live.ready ? section : ''}</output>
      {readOnce && <OutputProbe />}
    </>
  );
}

it('appends what arrived once when the section changes while a live read is still in flight', async () => {
  const lines = ['step 0\n'];
  const service = scriptedService(lines);
  window.trackdesk = service.bridge;
  renderInShell(<LivePage />, new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }));
  await waitFor(() => expect(screen.getByLabelText('Output lines').textContent).toBe('step 0\n'));

  // A line arrives; the next look (every second) is held in flight, and the user opens another section meanwhile.
  lines.push('step 1\n');
  service.holdNextLook();
  await waitFor(() => expect(service.isHeld()).toBe(true), { timeout: 3_000 });
  fireEvent.click(screen.getByRole('button', { name: 'System and git' }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  service.release();

  await waitFor(() => expect(screen.getByLabelText('Section ready').textContent).toBe('System and git'));
  await waitFor(() => expect(service.idle()).toBe(true));
  expect(screen.getByLabelText('Output lines').textContent).toBe('step 0\nstep 1\n');
});
