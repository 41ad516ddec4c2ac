/** Below this size (and from `LARGE` up) a tick reads in exponent form: 1e-5, 2.5e-6, 1e9. */
const SMALL = 1e-4;
const LARGE = 1e9;

/**
 * A tick value as a label that keeps every significant digit it has (up to 12, dropping float noise),
 * so neighbouring ticks never read alike: 1e-5 → "1e-5", 1e-4 → "0.0001", 0.001 → "0.001", 1.0002 → "1.0002".
 */
export function tickLabel(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Number(value.toPrecision(12));
  if (rounded === 0) return '0';
  const size = Math.abs(rounded);
  return size < SMALL || size >= LARGE ? rounded.toExponential().replace('e+', 'e') : String(rounded);
}

/** uPlot axis `values`: each shown split as a tick label, the ones its filter hid (null) as "". */
export const tickLabels = (_chart: unknown, splits: readonly (number | null)[]): string[] => splits.map((split) => (split === null ? '' : tickLabel(split)));
