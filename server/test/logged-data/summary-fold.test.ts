import { describe, expect, it } from 'vitest';
import { foldPoints, foldSummary, loggedPoint, numberOf, type LoggedPoint, type RawValue, type Summary } from '../../src/logged-data/summary.ts';

/** A deterministic generator of values of every kind a client logs: numbers, numeric and other texts, non-finite numbers, booleans. */
function valuesOf(seed: number, count: number): RawValue[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const kinds: (() => RawValue)[] = [
    () => Math.round(next() * 100) / 10,
    () => next() - 0.5,
    () => String(Math.round(next() * 50) / 10),
    () => ['abc', 'abd', 'Z', '', 'é', '\u{1F600}', '\uE000'][Math.floor(next() * 7)] as string,
    () => [Number.NaN, Number.POSITIVE_INFINITY, -0][Math.floor(next() * 3)] as number,
    () => next() < 0.5,
  ];
  const mix = kinds.filter((_, index) => (seed >> index) & 1);
  return Array.from({ length: count }, () => (mix[Math.floor(next() * mix.length)] ?? kinds[0]!)());
}

describe('folding a run of values into a summary', () => {
  it('answers what folding them one at a time answers, for every mix of kinds, from no summary and from a stored one', () => {
    for (let seed = 1; seed < 64; seed += 1) {
      const points = valuesOf(seed, 60).map((value, index) => loggedPoint(value, 1_000 + index, index, index % 2 ? 'train' : null));
      for (const split of [0, 1, 25]) {
        const stored = points.slice(0, split).reduce<Summary | undefined>((summary, point) => foldSummary(summary, point), undefined);
        const rest = points.slice(split);
        const oneByOne = rest.reduce<Summary | undefined>((summary, point) => foldSummary(summary, point), stored);
        const built: number[] = [];
        const folded = foldPoints(stored, rest.length, (index) => numberOf(valuesOf(seed, 60)[split + index] as RawValue), (index) => {
          built.push(index);
          return rest[index] as LoggedPoint;
        });
        expect(folded, `seed ${seed}, split ${split}`).toEqual(oneByOne);
        // A run of numbers builds a point only for the marks it keeps.
        if (seed === 1) expect(built.length).toBeLessThanOrEqual(3);
      }
    }
  });
});
