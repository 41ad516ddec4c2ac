import { describe, expect, it } from 'vitest';
import { areaUnderCurve, curveKind, parseCurve, sortedCurvePoints, type Curve } from '../../../shared/media/curve.ts';
import { cannotDisplay } from '../../../shared/media/media-json.ts';
import { decodedValue, sdkMediaText } from './media-fixtures.ts';

/** The reason a text is refused for. */
function refusal(text: string): string {
  const result = parseCurve(text);
  if (result.ok) throw new Error('expected a refusal');
  return cannotDisplay(result.error);
}

const curve = (name: string, x: number[], y: number[]): Curve => ({ name, x, y });

describe('a curve the SDK logs', () => {
  it('decodes its name and points', () => {
    const roc = decodedValue(parseCurve(sdkMediaText('curve-roc-step2.json')));
    expect(roc).toEqual({ name: 'roc', x: [0, 0.1, 0.3, 1], y: [0, 0.6, 0.9, 1] });
    expect(sortedCurvePoints(roc)).toEqual([{ x: 0, y: 0 }, { x: 0.1, y: 0.6 }, { x: 0.3, y: 0.9 }, { x: 1, y: 1 }]);
  });

  it('measures the area under it by trapezoids over the points sorted by x', () => {
    const roc = decodedValue(parseCurve(sdkMediaText('curve-roc-step2.json')));
    expect(areaUnderCurve(roc)).toBeCloseTo(0.1 * 0.3 + 0.2 * 0.75 + 0.7 * 0.95);
    expect(areaUnderCurve(curve('shuffled', [1, 0, 0.5], [1, 0, 1]))).toBeCloseTo(0.25 + 0.5);
    expect(areaUnderCurve(curve('one point', [0.5], [1]))).toBe(0);
  });

  it('tells ROC and precision–recall curves by name, else a ROC curve by its data', () => {
    const climbing = { x: [0, 0.2, 1], y: [0, 0.7, 1] };
    expect(curveKind({ name: 'val_ROC-curve', x: [1, 2], y: [3, 4] })).toBe('roc');
    expect(curveKind({ name: 'pr', x: [1, 2], y: [3, 4] })).toBe('pr');
    expect(curveKind({ name: 'precisionRecall', x: [], y: [] })).toBe('pr');
    expect(curveKind({ name: 'precision vs recall', x: [], y: [] })).toBe('pr');
    expect(curveKind({ name: 'approach', x: [1, 2], y: [3, 4] })).toBeUndefined();
    expect(curveKind({ name: 'model 3', ...climbing })).toBe('roc');
    expect(curveKind({ name: 'loss', x: [0, 1], y: [1, 0] })).toBeUndefined();
  });

  it('refuses malformed files with a reason a user can read', () => {
    expect(refusal('{"x": [1, 2], "y": [1]}')).toBe('Cannot display this curve: x has 2 values and y has 1');
    expect(refusal('{"x": [1, "a"], "y": [1, 2]}')).toMatch(/^Cannot display this curve: x\.1: /);
    expect(refusal('{"y": [1]}')).toMatch(/^Cannot display this curve: x: /);
    expect(refusal('')).toBe('Cannot display this curve: the file is not valid JSON');
  });
});
