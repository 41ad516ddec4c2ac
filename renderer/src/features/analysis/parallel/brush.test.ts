import { describe, expect, it } from 'vitest';
import type { AnalysisRunsReply } from '../column-choice/column-choice.ts';
import { blocksOf, firstAtLeast, keysOf, passingMask, rangeIn, sortedOn, spanOf } from './brush.ts';
import { axisX, positionY, runAt, type ChartBox } from './geometry.ts';
import { buildParallelModel } from './parallel-model.ts';
import { sameModel } from './same-model.ts';

const reply: AnalysisRunsReply = {
  keys: ['a', 'b', 'c', 'd'],
  names: ['run-a', null, 'run-c', 'run-d'],
  tags: [[], [], [], []],
  columns: [
    { kind: 'param', name: 'lr', last: [0.001, 0.01, 0.1, null], min: [0.001, 0.01, 0.1, null], max: [0.001, 0.01, 0.1, null] },
    { kind: 'param', name: 'optimizer', last: ['sgd', 'adam', 'adam', 'sgd'], min: [null, null, null, null], max: [null, null, null, null] },
    { kind: 'metric', name: 'acc', last: [0.5, 0.7, 0.9, 0.6], min: [0.1, 0.2, 0.3, 0.4], max: [0.5, 0.8, 0.95, 0.6] },
  ],
};
const lr = { kind: 'param', name: 'lr', stat: 'last' } as const;
const optimizer = { kind: 'param', name: 'optimizer', stat: 'last' } as const;
const accMax = { kind: 'metric', name: 'acc', stat: 'max' } as const;
const model = buildParallelModel(reply, [lr, optimizer], accMax, new Set(['param:lr']));
const ids = model.axes.map((axis) => axis.id);

describe('parallel coordinates model and brushes', () => {
  it('builds an axis per parameter and the metric last, log where asked, categorical for text', () => {
    expect(model.axes.map((axis) => [axis.id, axis.label, axis.scale.kind])).toEqual([
      ['param:lr', 'lr', 'log'],
      ['param:optimizer', 'optimizer', 'category'],
      ['metric:acc:max', 'acc (max)', 'linear'],
    ]);
    expect(Array.from(model.positions.slice(0, 3))).toEqual([0, 1, 0]);
    expect(model.positions[1 * 3]).toBeCloseTo(0.5);
    expect(model.positions[3 * 3]).toBeNaN();
    expect(Array.from(model.colour)).toEqual([0, 10, 15, 3]);
  });

  it('lets through the runs inside every brushed span; a run without a value on a brushed axis does not pass', () => {
    expect(keysOf(model.keys, passingMask(model.positions, ids, {}))).toEqual(['a', 'b', 'c', 'd']);
    expect(keysOf(model.keys, passingMask(model.positions, ids, { 'param:optimizer': spanOf(0.9, 0.1) }))).toEqual([]);
    expect(keysOf(model.keys, passingMask(model.positions, ids, { 'param:optimizer': spanOf(0.8, 1.5) }))).toEqual(['a', 'd']);
    expect(keysOf(model.keys, passingMask(model.positions, ids, { 'param:lr': [0, 0.6] }))).toEqual(['a', 'b']);
    expect(keysOf(model.keys, passingMask(model.positions, ids, { 'param:lr': [0, 0.6], 'metric:acc:max': [0.5, 1] }))).toEqual(['b']);
  });

  it('finds the run whose line passes under the pointer, only among the lines drawn', () => {
    const box: ChartBox = { width: 300, height: 200, left: 0, right: 0, top: 0, bottom: 0 };
    const drawn = new Uint8Array([1, 1, 1, 1]);
    const quarter = axisX(box, 0, 3) + (axisX(box, 1, 3) - axisX(box, 0, 3)) / 4;
    // A quarter of the way from lr to optimizer: run a (0 → 1) is at 0.25, b (0.5 → 0) at 0.375, c (1 → 0) at 0.75.
    expect(runAt(model, box, drawn, axisX(box, 0, 3), positionY(box, 1), 4)).toBe(2);
    expect(runAt(model, box, drawn, quarter, positionY(box, 0.74), 4)).toBe(2);
    expect(runAt(model, box, drawn, quarter, positionY(box, 0.26), 4)).toBe(0);
    expect(runAt(model, box, new Uint8Array([1, 1, 0, 1]), quarter, positionY(box, 0.74), 4)).toBe(-1);
  });
});

describe('brushing a drag a frame at a time', () => {
  const positions = Float32Array.from([0.9, 0.1, Number.NaN, 0.5, 0.5, 0.3]);
  it('orders the runs a base mask lets through by position, leaving out runs without a value', () => {
    const { runs, at } = sortedOn(positions, 1, 0, new Uint8Array([1, 1, 1, 1, 0, 1]));
    expect(Array.from(runs)).toEqual([1, 5, 3, 0]);
    expect(Array.from(at)).toEqual([0.1, 0.3, 0.5, 0.9].map((value) => Math.fround(value)));
    const two = sortedOn(Float32Array.from([1, 0.2, 2, 0.8, 3, 0.5]), 2, 1, new Uint8Array([1, 1, 1]));
    expect(Array.from(two.runs)).toEqual([0, 2, 1]);
    // Ties by run, and the same order past the runs one sort key can hold.
    const ties = Float32Array.from([0.5, 0, 1, 0.5, 1e-30, 0.25]);
    expect(Array.from(sortedOn(ties, 1, 0, new Uint8Array(6).fill(1)).runs)).toEqual([1, 4, 5, 0, 3, 2]);
    const many = new Float32Array(2 ** 20 + 6);
    many.set(ties, 2 ** 20);
    const kept = new Uint8Array(many.length);
    kept.fill(1, 2 ** 20);
    expect(Array.from(sortedOn(many, 1, 0, kept).runs, (run) => run - 2 ** 20)).toEqual([1, 4, 5, 0, 3, 2]);
  });

  it('finds the sorted runs inside a span as passingMask does, bounds included', () => {
    const { runs, at } = sortedOn(positions, 1, 0, new Uint8Array(6).fill(1));
    for (const [low, high] of [[0, 1], [0.1, 0.5], [0.2, 0.4], [0.5, 0.5], [0.95, 1], [0, 0.05]] as const) {
      const [start, end] = rangeIn(at, Math.fround(low), Math.fround(high));
      const mask = passingMask(positions, ['x'], { x: [Math.fround(low), Math.fround(high)] });
      expect(Array.from(runs.slice(start, end)).sort()).toEqual(Array.from(mask.keys()).filter((run) => mask[run] === 1));
    }
    expect(firstAtLeast(at, 0.5)).toBe(2);
    expect(firstAtLeast(at, Math.fround(0.5), false)).toBe(4);
  });

  it('splits a span into whole blocks counted from the anchor and the rest past them', () => {
    expect(blocksOf(10, 37, 8, true)).toEqual({ blocks: 3, rest: [34, 37] });
    expect(blocksOf(10, 37, 8, false)).toEqual({ blocks: 3, rest: [10, 13] });
    expect(blocksOf(10, 16, 8, true)).toEqual({ blocks: 0, rest: [10, 16] });
    expect(blocksOf(10, 10, 8, false)).toEqual({ blocks: 0, rest: [10, 10] });
    expect(blocksOf(0, 16, 8, true)).toEqual({ blocks: 2, rest: [16, 16] });
    // Only one of three whole blocks at hand: the other two are drawn line by line.
    expect(blocksOf(10, 37, 8, true, 1)).toEqual({ blocks: 3, rest: [18, 37] });
    expect(blocksOf(10, 37, 8, false, 0)).toEqual({ blocks: 3, rest: [10, 37] });
  });
});

describe('a re-read of the same runs', () => {
  it('builds a model that draws the same picture, which a changed value, run or scale does not', () => {
    const again = buildParallelModel(structuredClone(reply), [lr, optimizer], accMax, new Set(['param:lr']));
    expect(again).not.toBe(model);
    expect(sameModel(again, model)).toBe(true);
    const changed = structuredClone(reply);
    changed.columns[2]?.max.splice(1, 1, 0.81);
    expect(sameModel(buildParallelModel(changed, [lr, optimizer], accMax, new Set(['param:lr'])), model)).toBe(false);
    expect(sameModel(buildParallelModel(reply, [lr, optimizer], accMax, new Set()), model)).toBe(false);
    expect(sameModel(buildParallelModel({ ...reply, names: ['x', null, 'run-c', 'run-d'] }, [lr, optimizer], accMax, new Set(['param:lr'])), model)).toBe(false);
  });
});
