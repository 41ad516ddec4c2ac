import { confusionMatrixDifference, CONFUSION_MATRIX_KIND, parseConfusionMatrix, type ConfusionMatrix } from '../../../../../../shared/media/confusion-matrix.ts';
import { decodeRuns, type DecodedRun, type DecodedRuns } from '../decoded-runs.ts';
import type { PanelRun } from '../use-media-panel.ts';
import type { RunText } from '../use-run-texts.ts';

/** The difference of two runs' matrices (`a − b`, in `a`'s label order), or why it cannot be shown. */
export interface MatrixDifference {
  a: DecodedRun<ConfusionMatrix>;
  b: DecodedRun<ConfusionMatrix>;
  cells: number[][] | null;
  reason: string | null;
}

/** What the confusion matrices panel shows: each run's matrix, and the difference of the two chosen runs. */
export interface ConfusionModel extends DecodedRuns<ConfusionMatrix> {
  difference: MatrixDifference | null;
}

/**
 * Each run's matrix at the panel's step, and the difference of runs `diffA` and `diffB` (each falling back to the first
 * and second run shown when not set or not shown); no difference with fewer than two matrices.
 */
export function confusionModel(runs: readonly PanelRun[], texts: readonly RunText[], diffA: string | null, diffB: string | null): ConfusionModel {
  const decoded = decodeRuns(runs, texts, CONFUSION_MATRIX_KIND, parseConfusionMatrix);
  const find = (key: string | null) => decoded.shown.find((one) => one.run.key === key);
  const a = find(diffA) ?? decoded.shown[0];
  const b = find(diffB) ?? decoded.shown.find((one) => one !== a);
  if (!a || !b || a === b) return { ...decoded, difference: null };
  const difference = confusionMatrixDifference(a.value, b.value);
  return { ...decoded, difference: difference.ok ? { a, b, cells: difference.value, reason: null } : { a, b, cells: null, reason: `Cannot show the difference: ${difference.error.reason}` } };
}
