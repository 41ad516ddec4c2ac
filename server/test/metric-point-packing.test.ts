import { describe, expect, it } from 'vitest';
import { packPoints, unpackPoints } from '../src/storage/metric-point-chunks.ts';

/** Packs and unpacks columns, answering the text and what reads get back. */
const roundTrip = (steps: number[], timestamps: number[]) => {
  const values = steps.map((_, index) => String(index / 3));
  const nulls = steps.map(() => null);
  const text = packPoints(steps, timestamps, values, nulls, nulls);
  const back = unpackPoints(7, text);
  return { text, steps: back.steps, timestamps: back.timestamps, values: back.values, valuesIn: values };
};

describe('packed point columns', () => {
  it('writes integer steps and timestamps as differences, and reads them back exactly', () => {
    const steps = [-1, 0, 1, 2, 2, 10, 3];
    const timestamps = [1_732_000_000_000, 1_732_000_000_050, 1_732_000_000_050, 1_731_999_999_000, 1_732_000_100_000, 1_732_000_100_001, 1_732_000_100_002];
    const { text, ...back } = roundTrip(steps, timestamps);
    expect(JSON.parse(text)).toMatchObject({ ds: [-1, 1, 1, 1, 0, 8, -7], dt: [1_732_000_000_000, 50, 0, -1_050, 101_000, 1, 1] });
    expect(back.steps).toEqual(steps);
    expect(back.timestamps).toEqual(timestamps);
    expect(back.values).toEqual(back.valuesIn);
  });

  it('keeps columns as they are when a value is no integer or a difference would not be exact', () => {
    const fractional = roundTrip([0, 1], [1_732_000_000_000.5, 1_732_000_000_001.25]);
    expect(Object.keys(JSON.parse(fractional.text))).toEqual(['ds', 't', 'v']);
    expect(fractional.timestamps).toEqual([1_732_000_000_000.5, 1_732_000_000_001.25]);
    const far = roundTrip([-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER], [0, 1]);
    expect(Object.keys(JSON.parse(far.text))).toEqual(['s', 'dt', 'v']);
    expect(far.steps).toEqual([-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
  });

  it('reads chunks written with plain columns (rows moved by the migration)', () => {
    const chunk = unpackPoints(3, '{"s":[4,5],"t":[10,20],"v":["1","2"],"q":[3,9]}');
    expect([chunk.steps, chunk.timestamps, chunk.values, chunk.seqs]).toEqual([[4, 5], [10, 20], ['1', '2'], [3, 9]]);
  });
});
