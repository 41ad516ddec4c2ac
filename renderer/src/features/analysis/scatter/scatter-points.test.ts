import { describe, expect, it } from 'vitest';
import type { AnalysisRunsReply } from '../column-choice/column-choice.ts';
import { nearestPoint, scatterPoints } from './scatter-points.ts';

const reply: AnalysisRunsReply = {
  keys: ['a', 'b', 'c', 'd'],
  names: [null, null, null, null],
  tags: [[], [], [], []],
  columns: [
    { kind: 'param', name: 'lr', last: [0.1, 0, 0.01, 'auto'], min: [0.1, 0, 0.01, null], max: [0.1, 0, 0.01, null] },
    { kind: 'metric', name: 'loss', last: [0.3, 0.5, 0.2, 0.4], min: [0.1, 0.4, 0.2, 0.3], max: [0.9, 0.8, 0.7, 0.6] },
  ],
};
const lr = { kind: 'param', name: 'lr', stat: 'last' } as const;
const lossMin = { kind: 'metric', name: 'loss', stat: 'min' } as const;

describe('scatter points', () => {
  it('places each run with numbers on both axes, sorted by x, leaving out text and (on a log axis) values ≤ 0', () => {
    expect(scatterPoints(reply, lr, lossMin, { x: false, y: false }, null)).toEqual({ runs: [1, 2, 0], xs: [0, 0.01, 0.1], ys: [0.4, 0.2, 0.1], leftOut: 1 });
    expect(scatterPoints(reply, lr, lossMin, { x: true, y: false }, null)).toMatchObject({ runs: [2, 0], leftOut: 2 });
  });

  it('draws only the runs the other panels let through', () => {
    expect(scatterPoints(reply, lr, lossMin, { x: false, y: false }, new Set(['a', 'd']))).toEqual({ runs: [0], xs: [0.1], ys: [0.1], leftOut: 1 });
  });

  it('finds the nearest point within reach', () => {
    expect(nearestPoint([0, 10, 20], [0, 0, 0], 12, 3, 5)).toBe(1);
    expect(nearestPoint([0, 10, 20], [0, 0, 0], 15, 9, 5)).toBe(-1);
  });
});
