import { z } from 'zod';
import { decoded, parseMediaJson, refused, type MediaDecoded } from './media-json.ts';

/** The kind named in "Cannot display this …" for a confusion matrix. */
export const CONFUSION_MATRIX_KIND = 'confusion matrix';

/** An example the SDK keeps for a cell: an image asset of the same run (`assetId`) and the example's index in the user's data. */
export interface ConfusionSample {
  readonly index: number;
  readonly assetId: string;
}

/** A confusion matrix as the SDK logs it (`log_confusion_matrix`): rows are the actual class, columns the predicted one. */
export interface ConfusionMatrix {
  readonly title: string;
  readonly labels: readonly string[];
  readonly matrix: readonly (readonly number[])[];
  readonly rowLabel: string;
  readonly columnLabel: string;
  /** Per cell, its example images; null when the SDK sent none. */
  readonly sampleMatrix: readonly (readonly (readonly ConfusionSample[])[])[] | null;
}

/** How the grid's numbers are shown: counts, or each cell as a percent of its row (actual) or column (predicted). */
export type ConfusionNormalisation = 'none' | 'row' | 'column';

/** An off-diagonal cell: `count` examples of `actual` were predicted as `predicted`. */
export interface ConfusionCell {
  readonly row: number;
  readonly column: number;
  readonly actual: string;
  readonly predicted: string;
  readonly count: number;
  /** The cell as a percent of its row (of all the examples of `actual`). */
  readonly rowPercent: number;
}

const count = z.number().finite().nonnegative();
const sample = z.looseObject({ index: z.number().int(), assetId: z.string().min(1) });
const sampleCell = z.array(sample).nullable();

const fileSchema = z.looseObject({
  version: z.number().optional(),
  title: z.string().nullish(),
  labels: z.array(z.union([z.string(), z.number()]).transform(String)).nullish(),
  matrix: z.array(z.array(count)).min(1, 'the matrix is empty'),
  rowLabel: z.string().nullish(),
  columnLabel: z.string().nullish(),
  sampleMatrix: z.array(z.array(sampleCell)).nullish(),
});

/** Why a matrix of `size` classes (with these rows and samples) is not square, or undefined when it is. */
function shapeProblem(file: z.output<typeof fileSchema>, size: number): string | undefined {
  if (file.matrix.length !== size) return `the matrix has ${file.matrix.length} rows for ${size} labels`;
  const row = file.matrix.findIndex((cells) => cells.length !== size);
  if (row >= 0) return `row ${row + 1} of the matrix has ${file.matrix[row]?.length} cells for ${size} labels`;
  const samples = file.sampleMatrix;
  if (samples && (samples.length !== size || samples.some((cells) => cells.length !== size))) return 'the sample matrix does not match the matrix';
  return undefined;
}

/** Decodes the JSON text of a `confusion-matrix` asset; a malformed file answers why it cannot be shown. */
export function parseConfusionMatrix(text: string): MediaDecoded<ConfusionMatrix> {
  const parsed = parseMediaJson(CONFUSION_MATRIX_KIND, text, fileSchema);
  if (!parsed.ok) return parsed;
  const file = parsed.value;
  const size = file.labels?.length ?? file.matrix.length;
  const problem = shapeProblem(file, size);
  if (problem) return refused(CONFUSION_MATRIX_KIND, problem);
  return decoded({
    title: file.title ?? '',
    labels: file.labels ?? file.matrix.map((_, index) => String(index)),
    matrix: file.matrix,
    rowLabel: file.rowLabel || 'Actual Category',
    columnLabel: file.columnLabel || 'Predicted Category',
    sampleMatrix: file.sampleMatrix ? file.sampleMatrix.map((cells) => cells.map((samples) => samples ?? [])) : null,
  });
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** A part of a whole in percent (0 when the whole is empty). */
const percent = (part: number, whole: number): number => (whole > 0 ? (100 * part) / whole : 0);

/** The grid's numbers: the counts (`none`), or each cell as a percent of its row's or its column's total. */
export function normaliseConfusionMatrix(matrix: ConfusionMatrix, by: ConfusionNormalisation): number[][] {
  const cells = matrix.matrix;
  if (by === 'none') return cells.map((row) => [...row]);
  if (by === 'row') return cells.map((row) => row.map((value) => percent(value, sum(row))));
  const columnTotals = cells[0]?.map((_, column) => sum(cells.map((row) => row[column] ?? 0))) ?? [];
  return cells.map((row) => row.map((value, column) => percent(value, columnTotals[column] ?? 0)));
}

/** The off-diagonal cells with any examples, worst first: most examples, then the largest share of their row, then reading order. */
export function worstConfusions(matrix: ConfusionMatrix, limit = 3): ConfusionCell[] {
  const cells: ConfusionCell[] = [];
  matrix.matrix.forEach((row, rowIndex) => {
    const total = sum(row);
    row.forEach((value, column) => {
      if (column === rowIndex || value <= 0) return;
      const actual = matrix.labels[rowIndex] ?? String(rowIndex);
      const predicted = matrix.labels[column] ?? String(column);
      cells.push({ row: rowIndex, column, actual, predicted, count: value, rowPercent: percent(value, total) });
    });
  });
  return cells.sort((a, b) => b.count - a.count || b.rowPercent - a.rowPercent).slice(0, limit);
}

/** The label order of `b` mapped onto `a`'s, or undefined when the two do not have the same labels. */
function alignLabels(a: readonly string[], b: readonly string[]): number[] | undefined {
  if (a.length !== b.length || new Set(a).size !== a.length) return undefined;
  const positions = a.map((label) => b.indexOf(label));
  return positions.every((position) => position >= 0) ? positions : undefined;
}

/** `a − b` cell by cell (matched by label, whatever each file's order), in `a`'s label order; refused when the labels differ. */
export function confusionMatrixDifference(a: ConfusionMatrix, b: ConfusionMatrix): MediaDecoded<number[][]> {
  const positions = alignLabels(a.labels, b.labels);
  if (!positions) return refused(CONFUSION_MATRIX_KIND, 'the two matrices do not have the same labels');
  return decoded(a.matrix.map((row, i) => row.map((value, j) => value - (b.matrix[positions[i] ?? 0]?.[positions[j] ?? 0] ?? 0))));
}
