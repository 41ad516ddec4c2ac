import type { HistogramBin } from '../../../../../shared/media/histogram3d.ts';

/** An edge of a bin as shown: three significant digits, infinities as ∞. */
export function formatEdge(value: number): string {
  if (value === Infinity) return '∞';
  if (value === -Infinity) return '−∞';
  return String(Number(value.toPrecision(3)));
}

/** A bin's value range as shown: `[low, high)`. */
export const formatBin = (bin: HistogramBin): string => `[${formatEdge(bin.low)}, ${formatEdge(bin.high)})`;
