import { describe, expect, it } from 'vitest';
import { pickDefaultMetric } from './default-metric.ts';

describe('the metric a comparison charts first', () => {
  it('is the curve whose last values differ most between the runs, never a one-point metric or an identical one', () => {
    const summaries = [
      { name: 'loss', last: [0.2, 0.21], min: [0.2, 0.21], max: [1, 1.1] },
      { name: 'process duration', last: [12, 300], min: [12, 300], max: [12, 300] },
      { name: 'accuracy', last: [0.5, 0.9], min: [0, 0], max: [0.5, 0.9] },
      { name: 'epoch', last: [10, 10], min: [0, 0], max: [10, 10] },
    ];
    expect(pickDefaultMetric(summaries)).toBe('accuracy');
  });

  it('falls back to a one-point metric when nothing is a curve, and to the given order on ties', () => {
    expect(pickDefaultMetric([{ name: 'a', last: [1, 1], min: [1, 1], max: [1, 1] }, { name: 'b', last: [1, 3], min: [1, 3], max: [1, 3] }])).toBe('b');
    expect(pickDefaultMetric([{ name: 'x', last: [1], min: [0], max: [1] }, { name: 'y', last: [2], min: [0], max: [2] }])).toBe('x');
    expect(pickDefaultMetric([])).toBeUndefined();
  });
});
