import { describe, expect, it } from 'vitest';
import type { MediaRun } from '../media-steps.ts';
import type { PanelRun } from '../use-media-panel.ts';
import { imageGrid, neighbourItems } from './image-grid.ts';

const runs: PanelRun[] = [
  { key: 'a', name: 'alpha', colour: 0, group: '0.1' },
  { key: 'b', name: 'beta', colour: 1, group: '0.01' },
  { key: 'c', name: 'gamma', colour: 2, group: '0.1' },
  { key: 'd', name: 'delta', colour: 3, group: null },
  { key: 'e', name: 'no images', colour: 4, group: '0.1' },
];
const media = (experimentKey: string, steps: number[]): MediaRun => ({ experimentKey, items: steps.map((step) => ({ assetId: `${experimentKey}${step}`, step, context: null })) });
const mediaRuns = [media('d', [0, 1, 2]), media('a', [0, 1, 2]), media('b', [1]), media('c', [0, 2])];
const cells = (groups: ReturnType<typeof imageGrid>) => groups.map((group) => [group.label, group.columns.map((column) => `${column.run.name}:${column.item?.assetId ?? '-'}`)]);

describe("the images panel's columns", () => {
  it("are the runs that logged the name, in the view's order, each with its image at the step (or the last before it)", () => {
    expect(cells(imageGrid(runs, mediaRuns, 1, ''))).toEqual([['', ['alpha:a1', 'beta:b1', 'gamma:c0', 'delta:d1']]]);
    expect(cells(imageGrid(runs, mediaRuns, 0, ''))).toEqual([['', ['alpha:a0', 'beta:-', 'gamma:c0', 'delta:d0']]]);
    expect(cells(imageGrid(runs, mediaRuns, null, ''))).toEqual([['', ['alpha:a2', 'beta:b1', 'gamma:c2', 'delta:d2']]]);
  });

  it("are grouped by the parameter's value, runs without it last", () => {
    expect(cells(imageGrid(runs, mediaRuns, 2, 'lr'))).toEqual([
      ['lr = 0.1', ['alpha:a2', 'gamma:c2']],
      ['lr = 0.01', ['beta:b1']],
      ['lr not set', ['delta:d2']],
    ]);
  });

  it('are none when no run logged the name', () => {
    expect(imageGrid(runs, [], 0, '')).toEqual([{ label: '', columns: [] }]);
  });
});

describe('the images read ahead of the slider', () => {
  it("are each run's images at the two steps on each side of the one shown, nearest first, that differ from those shown", () => {
    const ids = (found: ReturnType<typeof neighbourItems>) => found.map((one) => one.assetId).sort();
    expect(ids(neighbourItems(mediaRuns, [0, 1, 2], 1))).toEqual(['a0', 'a2', 'c2', 'd0', 'd2']);
    expect(ids(neighbourItems(mediaRuns, [0, 1, 2], 2))).toEqual(['a0', 'a1', 'c0', 'd0', 'd1']);
    const long = [media('e', [0, 1, 2, 3, 4, 5, 6])];
    expect(neighbourItems(long, [0, 1, 2, 3, 4, 5, 6], 3).map((one) => one.assetId)).toEqual(['e2', 'e4', 'e1', 'e5']);
    expect(neighbourItems(mediaRuns, [], null)).toEqual([]);
  });
});
