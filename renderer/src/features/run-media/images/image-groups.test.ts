import { describe, expect, it } from 'vitest';
import type { AssetRecord } from '../../assets/asset-record.ts';
import { allSteps, groupImages, indexAtStep } from './image-groups.ts';

const image = (fileName: string, step: number | null, runContext: string | null = null, createdAt = 0) =>
  ({ assetId: `${fileName}-${step}-${runContext}`, fileName, step, runContext, createdAt }) as AssetRecord;

describe('image groups', () => {
  const groups = groupImages([image('b', 2), image('a', 5), image('b', 0), image('a', 1, 'val'), image('a', 1, 'train'), image('b', null)]);

  it('groups by name, sorted, each in step order then context', () => {
    expect(groups.map((group) => [group.name, group.images.map((one) => `${one.step}/${one.runContext}`)])).toEqual([
      ['a', ['1/train', '1/val', '5/null']],
      ['b', ['null/null', '0/null', '2/null']],
    ]);
  });

  it('finds the image shown at a step: the last at or before it, else the first', () => {
    const [a, b] = groups as [NonNullable<(typeof groups)[0]>, NonNullable<(typeof groups)[0]>];
    expect([0, 1, 4, 5, 9].map((step) => indexAtStep(a, step))).toEqual([0, 1, 1, 2, 2]);
    expect([0, 1, 2].map((step) => indexAtStep(b, step))).toEqual([1, 1, 2]);
  });

  it('lists every step logged, for moving all groups together', () => {
    expect(allSteps(groups)).toEqual([-1, 0, 1, 2, 5]);
  });
});
