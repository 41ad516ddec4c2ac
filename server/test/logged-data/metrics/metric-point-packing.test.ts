import { describe, expect, it } from 'vitest';
import { packPoints, unpackPoints } from '../../../src/logged-data/metrics/point-chunks.ts';

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

  it('writes values that are all numbers as doubles, read back as the text a logged number has', () => {
    const numbers = [0.1 + 0.2, -0, 1e21, 5e-324, -1.7976931348623157e308, 42, Number.NaN, Number.POSITIVE_INFINITY, 0.36787944117144233];
    const nulls = numbers.map(() => null);
    const text = packPoints(numbers.map((_, index) => index), numbers.map(() => 0), numbers, nulls, nulls);
    expect(Object.keys(JSON.parse(text))).toEqual(['ds', 'dt', 'vf']);
    expect(unpackPoints(1, text).values).toEqual(numbers.map(String));
    expect(unpackPoints(1, text).values.slice(0, 4)).toEqual(['0.30000000000000004', '0', '1e+21', '5e-324']);
  });

  it('writes every value as text when one is not a number', () => {
    const values = [1.5, 'high', 2];
    const text = packPoints([0, 1, 2], [0, 0, 0], values, [null, null, null], [null, null, null]);
    expect(JSON.parse(text)).toMatchObject({ v: ['1.5', 'high', '2'] });
    expect(unpackPoints(1, text).values).toEqual(['1.5', 'high', '2']);
  });

  it('reads chunks written with plain columns (rows moved by the migration)', () => {
    const chunk = unpackPoints(3, '{"s":[4,5],"t":[10,20],"v":["1","2"],"q":[3,9]}');
    expect([chunk.steps, chunk.timestamps, chunk.values, chunk.seqs]).toEqual([[4, 5], [10, 20], ['1', '2'], [3, 9]]);
  });
});
