import { describe, expect, it } from 'vitest';
import type { ApiReply } from '../../lib/api.ts';
import type { SeriesQuery, SeriesReply } from '../logged-data/index.ts';
import { appendOutput, mergeIntoSeries, mergeSummaries } from './live-merge.ts';

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
/** A series read of `loss` holding steps 0 and 1 (values 0 and 10), as raw points. */
const series = (): SeriesReply => ({
  metricName: 'loss',
  axis: 'step',
  from: 0,
  to: 1,
  bucketWidth: null,
  total: 2,
  skipped: 0,
  buckets: { start: [0, 1], firstX: [0, 1], lastX: [0, 1], first: [0, 10], last: [0, 10], min: [0, 10], max: [0, 10], count: [1, 1] },
});
const query = (extra: Partial<SeriesQuery> = {}): SeriesQuery => ({ experimentKey: 'k', metricName: 'loss', axis: 'step', buckets: 10, ...extra });

describe('live merges', () => {
  it('appends the new points after the last one as raw buckets, skipping what the read already holds', () => {
    const merged = mergeIntoSeries(series(), query(), 'k', [live('loss', [1, 2, 3]), live('acc', [4])]);
    expect(merged.stale).toBe(false);
    expect(merged.reply.buckets.start).toEqual([0, 1, 2, 3]);
    expect(merged.reply.buckets.max).toEqual([0, 10, 20, 30]);
    expect(merged.reply).toMatchObject({ total: 4, to: 3 });
    const byTime = mergeIntoSeries({ ...series(), axis: 'time', buckets: { ...series().buckets, lastX: [1000, 1001] } }, query({ axis: 'time' }), 'k', [live('loss', [1, 2])]);
    expect(byTime.reply.buckets.firstX.slice(2)).toEqual([1002]);
  });

  it('leaves strings out, and leaves other experiments, other metrics and zoomed reads alone', () => {
    const text = { ...live('loss', [5]), values: ['NaN'] };
    const original = series();
    expect(mergeIntoSeries(original, query(), 'k', [text]).reply).toBe(original);
    expect(mergeIntoSeries(original, query(), 'other', [live('loss', [5])]).reply).toBe(original);
    expect(mergeIntoSeries(original, query({ metricName: 'acc' }), 'k', [live('loss', [5])]).reply).toBe(original);
    expect(mergeIntoSeries(original, query({ from: 0, to: 1 }), 'k', [live('loss', [5])]).reply).toBe(original);
  });

  it('says the line must be read again when its metric was reset or appended points outnumber twice the buckets', () => {
    expect(mergeIntoSeries(series(), query(), 'k', [live('loss', [], true)]).stale).toBe(true);
    expect(mergeIntoSeries(series(), query(), 'k', [live('loss', Array.from({ length: 19 }, (_, i) => i + 2))]).stale).toBe(true);
    expect(mergeIntoSeries(series(), query(), 'k', [live('loss', Array.from({ length: 17 }, (_, i) => i + 2))]).stale).toBe(false);
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
