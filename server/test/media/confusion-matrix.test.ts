import { describe, expect, it } from 'vitest';
import {
  confusionMatrixDifference,
  normaliseConfusionMatrix,
  parseConfusionMatrix,
  worstConfusions,
  type ConfusionMatrix,
} from '../../../shared/media/confusion-matrix.ts';
import { cannotDisplay } from '../../../shared/media/media-json.ts';
import { decodedValue, sdkMediaText } from './media-fixtures.ts';

const sdkMatrix = (): ConfusionMatrix => decodedValue(parseConfusionMatrix(sdkMediaText('confusion-matrix-step2.json')));

/** The reason a text is refused for. */
function refusal(text: string): string {
  const result = parseConfusionMatrix(text);
  if (result.ok) throw new Error('expected a refusal');
  return cannotDisplay(result.error);
}

describe('the confusion matrix the SDK logs', () => {
  it('decodes its title, labels, counts (rows = actual) and axis titles', () => {
    const matrix = sdkMatrix();
    expect(matrix.title).toBe('val confusion');
    expect(matrix.labels).toEqual(['cat', 'dog', 'bird']);
    expect(matrix.matrix).toEqual([
      [8, 2, 0],
      [1, 7, 2],
      [0, 1, 9],
    ]);
    expect([matrix.rowLabel, matrix.columnLabel]).toEqual(['Actual Category', 'Predicted Category']);
    expect(matrix.sampleMatrix).toBeNull();
  });

  it('normalises by row (share of each actual class) and by column (share of each prediction), in percent', () => {
    const matrix = sdkMatrix();
    expect(normaliseConfusionMatrix(matrix, 'none')).toEqual(matrix.matrix);
    expect(normaliseConfusionMatrix(matrix, 'row')[1]).toEqual([10, 70, 20]);
    const byColumn = normaliseConfusionMatrix(matrix, 'column');
    expect(byColumn[0]?.[0]).toBeCloseTo((100 * 8) / 9);
    expect(byColumn[2]?.[1]).toBeCloseTo(10);
    expect(byColumn.map((row) => row[2] ?? 0).reduce((a, b) => a + b)).toBeCloseTo(100);
  });

  it('calls out the worst off-diagonal cells: most examples first, then reading order', () => {
    const worst = worstConfusions(sdkMatrix(), 3);
    expect(worst.map(({ actual, predicted, count }) => `${actual}→${predicted} ${count}`)).toEqual(['cat→dog 2', 'dog→bird 2', 'dog→cat 1']);
    expect(worst[0]?.rowPercent).toBe(20);
  });

  it('takes the difference of two matrices with the same labels, matched by label', () => {
    const a = sdkMatrix();
    const b: ConfusionMatrix = { ...a, labels: ['bird', 'cat', 'dog'], matrix: [[9, 0, 1], [0, 8, 2], [2, 1, 7]] };
    expect(decodedValue(confusionMatrixDifference(a, b))).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const other = confusionMatrixDifference(a, { ...a, labels: ['cat', 'dog', 'fish'] });
    expect(other.ok ? 'decoded' : other.error.reason).toBe('the two matrices do not have the same labels');
  });

  it('keeps the example images of each cell where the SDK sent sampleMatrix', () => {
    const samples = [[[{ index: 3, assetId: 'a1' }], [], null], [[], [], []], [[], [{ index: 7, assetId: 'a2' }], []]];
    const text = JSON.stringify({ labels: ['a', 'b', 'c'], matrix: [[1, 0, 0], [0, 1, 0], [0, 1, 1]], sampleMatrix: samples });
    const matrix = decodedValue(parseConfusionMatrix(text));
    expect(matrix.sampleMatrix?.[0]?.[0]).toEqual([{ index: 3, assetId: 'a1' }]);
    expect(matrix.sampleMatrix?.[0]?.[2]).toEqual([]);
    expect(matrix.sampleMatrix?.[2]?.[1]?.[0]?.assetId).toBe('a2');
  });

  it('names the classes by number when the SDK sent no labels', () => {
    expect(decodedValue(parseConfusionMatrix('{"matrix": [[1, 2], [3, 4]]}')).labels).toEqual(['0', '1']);
  });

  it('refuses malformed files with a reason a user can read', () => {
    expect(refusal('{"matrix": [[1, 2]')).toBe('Cannot display this confusion matrix: the file is not valid JSON');
    expect(refusal('{"labels": ["a", "b"], "matrix": [[1, 2], [3]]}')).toBe('Cannot display this confusion matrix: row 2 of the matrix has 1 cells for 2 labels');
    expect(refusal('{"labels": ["a"], "matrix": [[1], [2]]}')).toBe('Cannot display this confusion matrix: the matrix has 2 rows for 1 labels');
    expect(refusal('{"labels": ["a"], "matrix": [[-1]]}')).toMatch(/^Cannot display this confusion matrix: matrix\.0\.0: /);
    expect(refusal('{"labels": ["a"], "matrix": [["1"]]}')).toMatch(/^Cannot display this confusion matrix: matrix\.0\.0: /);
    expect(refusal('[]')).toMatch(/^Cannot display this confusion matrix: /);
    expect(refusal('{"labels": ["a"], "matrix": []}')).toBe('Cannot display this confusion matrix: matrix: the matrix is empty');
  });
});
