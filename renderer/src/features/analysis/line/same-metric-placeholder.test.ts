import { describe, expect, it } from 'vitest';
import { sameMetricPlaceholder } from './use-series-many.ts';

const keyOf = (metricName: string, from?: number) => ({ queryKey: ['profile', 'getMetricSeriesMany', { experimentKeys: ['a'], metricName, axis: 'step', from }] });

describe('a line chart while its next read is under way', () => {
  it('keeps showing the previous lines when they are of the same metric', () => {
    const lines = { runs: ['loss lines'] };
    expect(sameMetricPlaceholder<typeof lines>('loss')(lines, keyOf('loss', 10))).toBe(lines);
  });

  it('shows no lines after a switch of metric, never the previous metric under the new name', () => {
    expect(sameMetricPlaceholder('acc')({ runs: ['loss lines'] }, keyOf('loss'))).toBeUndefined();
    expect(sameMetricPlaceholder('acc')(undefined, undefined)).toBeUndefined();
  });
});
