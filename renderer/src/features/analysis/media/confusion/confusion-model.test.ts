import { describe, expect, it } from 'vitest';
import type { PanelRun } from '../use-media-panel.ts';
import { confusionModel } from './confusion-model.ts';

const runs: PanelRun[] = ['a', 'b', 'c', 'd'].map((key, colour) => ({ key, name: `run ${key}`, colour, group: null }));
const matrix = (labels: string[], rows: number[][]) => JSON.stringify({ version: 1, title: 'Confusion Matrix', labels, matrix: rows, rowLabel: 'Actual', columnLabel: 'Predicted' });
const texts = [
  { experimentKey: 'a', assetId: 'a2', step: 2, text: matrix(['cat', 'dog'], [[5, 1], [2, 7]]) },
  { experimentKey: 'b', assetId: 'b2', step: 2, text: matrix(['dog', 'cat'], [[6, 3], [0, 4]]) },
  { experimentKey: 'c', assetId: 'c2', step: 2, text: matrix(['cat', 'bird'], [[1, 0], [0, 1]]) },
  { experimentKey: 'd', assetId: 'd2', step: 2, text: '{"matrix": []}' },
];

describe('the confusion matrices panel', () => {
  it("shows each run's matrix, a malformed one named apart, and the difference of the first two by default, matched by label", () => {
    const model = confusionModel(runs, texts, null, null);
    expect(model.shown.map((one) => one.run.key)).toEqual(['a', 'b', 'c']);
    expect(model.failures).toEqual([{ run: runs[3], reason: 'Cannot display this confusion matrix: matrix: the matrix is empty' }]);
    expect(model.difference?.a.run.key).toBe('a');
    expect(model.difference?.b.run.key).toBe('b');
    // b in a's order (cat, dog): [[4, 0], [3, 6]].
    expect(model.difference?.cells).toEqual([[1, 1], [-1, 1]]);
  });

  it('takes the two runs asked, and says why two matrices of different labels have no difference', () => {
    const model = confusionModel(runs, texts, 'b', 'c');
    expect(model.difference).toMatchObject({ cells: null, reason: 'Cannot show the difference: the two matrices do not have the same labels' });
    expect(model.difference?.a.run.key).toBe('b');
  });

  it('has no difference with fewer than two matrices', () => {
    expect(confusionModel(runs, texts.slice(0, 1), 'a', 'b').difference).toBeNull();
  });
});
