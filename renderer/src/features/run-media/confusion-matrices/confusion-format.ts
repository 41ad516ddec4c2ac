import type { ConfusionNormalisation } from '../../../../../shared/media/confusion-matrix.ts';

/** A grid value as shown: a count as logged, a share as a percent with one decimal. */
export function formatConfusionValue(value: number, by: ConfusionNormalisation): string {
  return by === 'none' ? String(value) : `${value.toFixed(1)}%`;
}

/** The key of a cell, for lookups of called-out cells. */
export const cellKey = (row: number, column: number): string => `${row}:${column}`;
