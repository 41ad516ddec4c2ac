import { describe, expect, it } from 'vitest';
import type { ApiReply } from '../../lib/api.ts';
import { appendOutput, appendToChart, mergeSummaries } from './live-merge.ts';

type LiveMetric = ApiReply<'getExperimentLive'>['metrics'][number];
const summary = (name: string, current: string) => ({
  name,
  valueMax: current,
  valueMin: current,
  valueCurrent: current,
  timestampMax: 1,
  timestampMin: 1,
  timestampCurrent: 1,
  runContextMax: null,
  runContextMin: null,
  runContextCurrent: null,
  editable: false,
});
const live = (name: string, steps: number[], reset = false): LiveMetric => ({
  summary: summary(name, String(steps.at(-1))),
  reset,
  values: steps.map((step) => step * 10),
  steps,
  epochs: steps.map(() => null),
  timestamps: steps.map((step) => 1000 + step),
});
const chart = (): ApiReply<'getMultiMetricChart'> => ({
  empty: false,
  experiments: {
    k: {
      experimentKey: 'k',
      experiment_key: 'k',
      steps: [0],
      epochs: [],
      empty: false,
      params: {},
      metrics: [{ metricName: 'loss', values: [0], steps: [0], epochs: [null], timestamps: [1000], durations: [0] }],
    },
  },
});

describe('live merges', () => {
  it('appends new points to the charted series, with durations from its first point', () => {
    const merged = appendToChart(chart(), 'k', ['loss'], [live('loss', [1, 2]), live('acc', [1])]);
    expect(merged.stale).toBe(false);
    expect(merged.chart.experiments.k?.metrics[0]).toEqual({
      metricName: 'loss',
      values: [0, 10, 20],
      steps: [0, 1, 2],
      epochs: [null, null, null],
      timestamps: [1000, 1001, 1002],
      durations: [0, 1, 2],
    });
  });

  it('skips new points a later read already holds, so nothing is drawn twice', () => {
    const merged = appendToChart(chart(), 'k', ['loss'], [live('loss', [0, 1])]);
    expect(merged.chart.experiments.k?.metrics[0]?.steps).toEqual([0, 1]);
  });

  it('says the chart must be read again when an asked metric is new to it or was reset, and leaves other charts alone', () => {
    expect(appendToChart(chart(), 'k', ['loss', 'acc'], [live('acc', [1])]).stale).toBe(true);
    expect(appendToChart(chart(), 'k', ['loss'], [live('loss', [], true)]).stale).toBe(true);
    const other = chart();
    expect(appendToChart(other, 'k', ['loss'], [live('acc', [1])]).chart).toBe(other);
    expect(appendToChart(other, 'missing', ['loss'], [live('loss', [1])]).chart).toBe(other);
  });

  it('replaces changed summaries and adds new ones in name order', () => {
    const merged = mergeSummaries([summary('loss', '1'), summary('z', '1')], [summary('loss', '0.5'), summary('acc', '0.9')]);
    expect(merged.map((one) => [one.name, one.valueCurrent])).toEqual([['acc', '0.9'], ['loss', '0.5'], ['z', '1']]);
  });

  it('appends output lines, keeping one stream when the read was filtered', () => {
    const lines = [{ output: 'a\n', stderr: false }, { output: 'b\n', stderr: true }];
    expect(appendOutput('start\n', lines, undefined)).toBe('start\na\nb\n');
    expect(appendOutput('', lines, true)).toBe('b\n');
    expect(appendOutput('x', [], false)).toBe('x');
  });
});
