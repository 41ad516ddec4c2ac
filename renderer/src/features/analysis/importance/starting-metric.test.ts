import { describe, expect, it } from 'vitest';
import { startingMetric } from './starting-metric.ts';

describe('the first metric of an importance panel', () => {
  it('is the metric the table sorts by, with its summary', () => {
    const sort = { summary: { kind: 'metric', name: 'loss', aggregate: 'min' }, direction: 'asc' };
    expect(startingMetric(['acc', 'loss'], sort)).toEqual({ metric: 'loss', summary: 'min' });
  });

  it('is the first metric when the table sorts by something else or by a metric the project lacks', () => {
    expect(startingMetric(['acc', 'loss'], { column: 'start', direction: 'desc' })).toEqual({ metric: 'acc', summary: 'last' });
    expect(startingMetric(['acc'], { summary: { kind: 'metric', name: 'gone', aggregate: 'max' }, direction: 'asc' })).toEqual({ metric: 'acc', summary: 'last' });
    expect(startingMetric([], null)).toBeNull();
  });
});
