import { describe, expect, it } from 'vitest';
import { categoriesOf, categoryScale, niceTicks, numericScale, scaleFor } from './axis-scale.ts';

describe('axis scales', () => {
  it('places numbers linearly between the smallest and largest, none and text not placed', () => {
    const scale = numericScale([2, 4, null, 10], false);
    expect([2, 4, 10, 6].map(scale.position)).toEqual([0, 0.25, 1, 0.5]);
    expect(scale.position(null)).toBeNaN();
    expect(scale.position('adam')).toBeNaN();
    expect(scale.domain).toEqual([2, 10]);
    expect(scale.ticks.map((tick) => tick.label)).toEqual(['2', '4', '6', '8', '10']);
  });

  it('places numbers by their logarithm on a log axis and leaves out values ≤ 0', () => {
    const scale = numericScale([0.0001, 0.001, 0.01, 0, -1], true);
    expect(scale.position(0.001)).toBeCloseTo(0.5);
    expect(scale.position(0.0001)).toBeCloseTo(0);
    expect(scale.position(0)).toBeNaN();
    expect(scale.leftOut).toBe(2);
    expect(scale.ticks.map((tick) => tick.label)).toEqual(['0.0001', '0.001', '0.01']);
  });

  it('puts a single value in the middle', () => {
    expect(numericScale([3, 3], false).position(3)).toBe(0.5);
    expect(categoryScale(['sgd']).position('sgd')).toBe(0.5);
  });

  it('orders categories as a person reads them, numbers among text as text', () => {
    expect(categoriesOf(['sgd', 'adam', null, 'Adamw', 'layer10', 'layer2', 'adam'])).toEqual(['adam', 'Adamw', 'layer2', 'layer10', 'sgd']);
    const scale = scaleFor(['sgd', 'adam', 32], false);
    expect(scale.kind).toBe('category');
    expect(['32', 'adam', 'sgd'].map(scale.position)).toEqual([0, 0.5, 1]);
    expect(scale.position(32)).toBe(0);
  });

  it('picks round tick steps', () => {
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0.0013, 0.0094)).toEqual([0.002, 0.004, 0.006, 0.008]);
    expect(niceTicks(5, 5)).toEqual([5]);
  });
});
