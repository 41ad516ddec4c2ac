import { describe, expect, it } from 'vitest';
import { sampleFullSeries } from './series-fallback.ts';
import type { SeriesQuery } from './series-data.ts';

const point = (step: number | null, value: string, timestamp = 1000 + (step ?? 0)) => ({ metricName: 'loss', metricValue: value, timestamp, step, epoch: null, runContext: null });
const query = (extra: Partial<SeriesQuery> = {}): SeriesQuery => ({ experimentKey: 'k', metricName: 'loss', axis: 'step', buckets: 10, ...extra });

describe('sampling the full series in the app (services without ext.metricSeries)', () => {
  it('answers the raw numeric points of a short series, strings and points off the axis left out', () => {
    const reply = sampleFullSeries([point(2, '0.5'), point(1, 'NaN'), point(null, '3'), point(0, '1')], query());
    expect(reply).toMatchObject({ from: 0, to: 2, bucketWidth: null, total: 2, skipped: 1 });
    expect(reply.buckets.start).toEqual([0, 2]);
    expect(reply.buckets.max).toEqual([1, 0.5]);
    expect(sampleFullSeries([point(null, '3')], query({ axis: 'time' })).buckets.firstX).toEqual([1000]);
  });

  it('buckets a long series into aligned power-of-two buckets with min, max, first and last, within a zoom range', () => {
    const points = Array.from({ length: 100 }, (_, step) => point(step, String(step % 7)));
    const reply = sampleFullSeries(points, query());
    expect(reply.bucketWidth).toBe(16);
    expect(reply.buckets.start).toEqual([0, 16, 32, 48, 64, 80, 96]);
    expect(reply.buckets.count).toEqual([16, 16, 16, 16, 16, 16, 4]);
    expect(reply.buckets).toMatchObject({ firstX: [0, 16, 32, 48, 64, 80, 96], lastX: [15, 31, 47, 63, 79, 95, 99], min: [0, 0, 0, 0, 0, 0, 0], max: [6, 6, 6, 6, 6, 6, 6] });
    expect(reply.buckets.first.slice(0, 2)).toEqual([0, 2]);
    expect(reply).toMatchObject({ from: 0, to: 111, total: 100 });
    const zoomed = sampleFullSeries(points, query({ from: 10, to: 15 }));
    expect(zoomed).toMatchObject({ bucketWidth: null, total: 6, from: 10, to: 15 });
  });
});
