import { describe, expect, it } from 'vitest';
import type { AnalysisRunsReply } from '../column-choice/column-choice.ts';
import { GROUP_RGB, OUTSIDE_ALPHA, OUTSIDE_RGB } from './draw-lines.ts';
import { axisX, positionY } from './geometry.ts';
import { buildParallelModel, type ParallelModel } from './parallel-model.ts';
import { rasterLines } from './raster-lines.ts';

/** A box whose axes are 100 pixels apart (2 axes) and whose positions 0 … 1 are rows 100 … 0. */
const box = { width: 101, height: 101, left: 0, right: 1, top: 0, bottom: 1 };

/**
 * A model over `rows` (each run's value per axis, null for none; the last axis colours the lines when `metric`): two
 * extra runs, never shown, hold 0 and 1 on every axis so that a value is its position.
 */
function modelOf(rows: readonly (readonly (number | null)[])[], metric = false): ParallelModel {
  const axes = rows[0]?.length ?? 0;
  const all = [...rows, Array.from({ length: axes }, () => 0), Array.from({ length: axes }, () => 1)];
  const reply: AnalysisRunsReply = {
    keys: all.map((_, run) => `k${run}`),
    names: all.map(() => null),
    tags: all.map(() => []),
    columns: Array.from({ length: axes }, (_, axis) => {
      const values = all.map((row) => row[axis] ?? null);
      return { kind: 'param' as const, name: `p${axis}`, last: values, min: values, max: values };
    }),
  };
  const choices = Array.from({ length: axes }, (_, axis) => ({ kind: 'param', name: `p${axis}`, stat: 'last' }) as const);
  return buildParallelModel(reply, metric ? choices.slice(0, -1) : choices, metric ? (choices.at(-1) ?? null) : null, new Set());
}

/** Shows the first `count` runs of `model` (the rest, and the two anchor runs, hidden). */
const first = (model: ParallelModel, count: number) => Uint8Array.from(model.keys, (_, run) => (run < count ? 1 : 0));

/** The RGBA of pixel (x, y). */
const pixel = (pixels: Uint8ClampedArray, width: number, x: number, y: number) => [...pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];

/** The painted pixels (alpha above 0) as "x,y". */
function painted(pixels: Uint8ClampedArray, width: number): Set<string> {
  const found = new Set<string>();
  for (let at = 0; at < pixels.length / 4; at += 1) if ((pixels[at * 4 + 3] ?? 0) > 0) found.add(`${at % width},${Math.floor(at / width)}`);
  return found;
}

describe('the back picture rasterised in JavaScript', () => {
  it('paints one pixel a column along a shallow line, ends included, and nothing else', () => {
    const pixels = rasterLines(modelOf([[0.25, 0.5]]), box, first(modelOf([[0.25, 0.5]]), 1), 'colour', 101, 101);
    const found = [...painted(pixels, 101)].map((one) => one.split(',').map(Number));
    expect(found).toHaveLength(101);
    expect(new Set(found.map(([x]) => x)).size).toBe(101);
    expect(pixel(pixels, 101, 0, 75)).toEqual([...(GROUP_RGB[0] ?? []), 255]);
    expect(pixel(pixels, 101, 100, 50)[3]).toBe(255);
    expect(found.every(([x, y]) => Math.abs((y ?? 0) - (75 - (x ?? 0) / 4)) <= 0.5)).toBe(true);
  });

  it('paints one pixel a row along a steep line, ends included', () => {
    const model = modelOf([[0, 1, null]]);
    const pixels = rasterLines(model, box, first(model, 1), 'colour', 101, 101);
    const found = [...painted(pixels, 101)].map((one) => one.split(',').map(Number));
    expect(found).toHaveLength(101);
    expect(new Set(found.map(([, y]) => y)).size).toBe(101);
    expect(pixel(pixels, 101, 0, 100)[3]).toBe(255);
    expect(pixel(pixels, 101, 50, 0)[3]).toBe(255);
  });

  it('leaves out the pixels of a line outside the buffer, without wrapping them onto the next row', () => {
    // Axes at x 0 and 150 on a 101-pixel-wide buffer; position 1 is row -50.
    const wide = { ...box, right: -49, top: -50 };
    const model = modelOf([
      [0.5, 0.5],
      [0, 1],
    ]);
    const found = [...painted(rasterLines(model, wide, first(model, 2), 'colour', 101, 101), 101)].map((one) => one.split(',').map(Number));
    expect(found.every(([x, y]) => y === 25 || (x ?? 0) + (y ?? 0) === 100)).toBe(true);
    expect(found).toHaveLength(201);
  });

  it('leaves a gap where a run has no value on an axis, and draws no lone point', () => {
    const model = modelOf([
      [0.5, 0.5, null, 0.5, 0.5],
      [null, 0.25, null, null, null],
    ]);
    const found = painted(rasterLines(model, box, first(model, 2), 'colour', 101, 101), 101);
    const columns = [...found].map((one) => Number(one.split(',')[0]));
    expect(found.size).toBe(52);
    expect(columns.filter((x) => x > 25 && x < 75)).toEqual([]);
    expect(found.has('25,50') && found.has('75,50') && !found.has('25,75')).toBe(true);
  });

  it('paints later colour groups over earlier ones where their lines cross, as the strokes do', () => {
    // Run 0: no metric value (grey); run 1: lowest colour; run 2: highest colour. Run 2 crosses both.
    const model = modelOf(
      [
        [0, 1, null],
        [0.25, 0.75, 0],
        [1, 0, 1],
      ],
      true,
    );
    const alone = (run: number) => painted(rasterLines(model, box, Uint8Array.from(model.keys, (_, one) => (one === run ? 1 : 0)), 'colour', 101, 101), 101);
    const all = rasterLines(model, box, first(model, 3), 'colour', 101, 101);
    const colourOf = (run: number) => [...(GROUP_RGB[(model.colour[run] ?? -1) + 1] ?? []), 255];
    for (const [low, high] of [
      [0, 2],
      [1, 2],
    ] as const) {
      const crossing = [...alone(low)].filter((one) => alone(high).has(one));
      expect(crossing.length, `runs ${low} and ${high}`).toBeGreaterThan(0);
      for (const one of crossing) expect(pixel(all, 101, ...(one.split(',').map(Number) as [number, number]))).toEqual(colourOf(high));
    }
    expect(pixel(all, 101, 0, 100)).toEqual(colourOf(0));
  });

  it('adds faint lines up: n lines over a pixel give opacity 1 − 0.82^n, a run counting once where its segments meet', () => {
    for (const lines of [1, 2, 3]) {
      const model = modelOf(Array.from({ length: lines }, () => [0.5, 0.25, 0.75]));
      const pixels = rasterLines(model, box, first(model, lines), 'faint', 101, 101);
      const expected = 255 * (1 - (1 - OUTSIDE_ALPHA) ** lines);
      for (const [x, y] of [
        [0, 50],
        [50, 75],
        [100, 25],
      ] as const) {
        const [red, green, blue, alpha] = pixel(pixels, 101, x, y);
        expect([red, green, blue]).toEqual([...OUTSIDE_RGB]);
        expect(Math.abs((alpha ?? 0) - expected), `${lines} lines at ${x},${y}`).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('paints each shown run through its position on every axis, and no pixel of a run not shown', () => {
    const rows = Array.from({ length: 40 }, (_, run) => Array.from({ length: 4 }, (_, axis) => ((run + 2 * axis) % 9 === 0 ? null : ((run * 37 + axis * 53) % 100) / 100)));
    const model = modelOf(rows, true);
    const chart = { width: 150, height: 80, left: 12, right: 9, top: 6, bottom: 7 };
    const [width, height] = [300, 160];
    const shown = Uint8Array.from(model.keys, (_, run) => (run < 40 && run % 3 !== 0 ? 1 : 0));
    const pixels = rasterLines(model, chart, shown, 'colour', width, height);
    const axes = model.axes.length;
    const union = new Set<string>();
    model.keys.forEach((_, run) => {
      if (shown[run] !== 1) return;
      for (const one of painted(rasterLines(model, chart, Uint8Array.from(model.keys, (_, other) => (other === run ? 1 : 0)), 'colour', width, height), width)) union.add(one);
      const at = (axis: number) => (axis < 0 || axis >= axes ? Number.NaN : (model.positions[run * axes + axis] ?? Number.NaN));
      for (let axis = 0; axis < axes; axis += 1) {
        const joined = !Number.isNaN(at(axis - 1)) || !Number.isNaN(at(axis + 1));
        if (Number.isNaN(at(axis)) || !joined) continue;
        const [x, y] = [Math.floor(axisX(chart, axis, axes) * 2), Math.floor(positionY(chart, at(axis)) * 2)];
        expect(pixel(pixels, width, x, y)[3], `run ${run} on axis ${axis}`).toBe(255);
      }
    });
    expect(union.size).toBeGreaterThan(1000);
    expect(painted(pixels, width)).toEqual(union);
  });
});
