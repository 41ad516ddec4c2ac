// The desktop preload bridge is replaced by a scripted one here: the page's first live look must be held back until the
// chart reads made beside it have answered, which cannot be produced on demand with the real backend, and the Electron
// runtime cannot run on this machine.
import { waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { Envelope } from '../../../../shared/ipc/index.ts';
import type { TrackdeskBridge } from '../../bridge.ts';
import { renderInShell } from '../../shell/testing.tsx';
import { testMetadata } from '../experiments/test-rows.ts';
import { usePrefetchCharts } from './chart-prefetch.ts';
import { useLiveExperiment } from './use-live-experiment.ts';

const EXPERIMENT = 'e-charts';

afterEach(() => {
  delete window.trackdesk;
});

/** A service whose first live look answers only when released; it lists every read in the order answered. */
function scriptedService(running: boolean) {
  const answered: string[] = [];
  let releaseFirstLook: (() => void) | undefined;
  const answer = async (endpoint: string, query: Record<string, unknown>): Promise<unknown> => {
    if (endpoint === 'getMetricSummaries') return { values: [{ name: 'loss' }] };
    if (endpoint === 'getMetricSeries') return { total: 0 };
    if (endpoint !== 'getExperimentLive') throw new Error(`unexpected read ${endpoint}`);
    if (query.since === undefined) await new Promise<void>((resolve) => (releaseFirstLook = resolve));
    return { experiment: testMetadata({ experimentKey: EXPERIMENT, running }), metrics: [], output: [], cursor: 'c1', more: false };
  };
  const bridge: TrackdeskBridge = {
    invoke: async (channel, input) => {
      const { endpoint, query } = input as { endpoint: string; query: Record<string, unknown> };
      const data = await answer(endpoint, query);
      answered.push(endpoint === 'getExperimentLive' ? `live ${String(query.since ?? 'first')}` : endpoint);
      return { ok: true, data } as Envelope<unknown>;
    },
    on: () => () => undefined,
    acceptDroppedFiles: async () => [],
  };
  return { bridge, answered, releaseFirstLook: () => releaseFirstLook?.() };
}

function Page() {
  useLiveExperiment(EXPERIMENT, 'other');
  usePrefetchCharts(EXPERIMENT);
  return null;
}

/** Opens the page, lets the chart reads answer before the first live look, then releases it; answers the reads made. */
async function openPage(running: boolean): Promise<string[]> {
  const service = scriptedService(running);
  window.trackdesk = service.bridge;
  renderInShell(<Page />);
  await waitFor(() => expect(service.answered).toEqual(['getMetricSummaries', 'getMetricSeries']));
  service.releaseFirstLook();
  await waitFor(() => expect(service.answered).toContain('live first'));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return service.answered;
}

it('reads the charts as the page opens, and again after the first live cursor when the experiment is running', async () => {
  const answered = await openPage(true);
  const afterCursor = answered.slice(answered.indexOf('live first') + 1).filter((read) => !read.startsWith('live'));
  expect(afterCursor.sort()).toEqual(['getMetricSeries', 'getMetricSummaries']);
});

it('does not read the charts again for a finished experiment', async () => {
  const answered = await openPage(false);
  expect(answered.filter((read) => !read.startsWith('live'))).toEqual(['getMetricSummaries', 'getMetricSeries']);
});
