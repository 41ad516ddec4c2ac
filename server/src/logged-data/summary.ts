/** A value as clients log it (metric, parameter or other). */
export type RawValue = string | number | boolean;

/** One logged value with where it happened: what summaries are folded from. */
export interface LoggedPoint {
  /** The value as reads show it (a string). */
  value: string;
  /** The value as a number when it is numeric, else null. */
  number: number | null;
  timestamp: number;
  step: number | null;
  context: string | null;
}

/** The summary of one item: how many values, the latest, the least and the greatest. */
export interface Summary {
  count: number;
  current: LoggedPoint;
  min: LoggedPoint;
  max: LoggedPoint;
}

const DECIMAL = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** The numeric reading of a logged value: numbers as they are, decimal strings parsed, anything else null. */
export function numberOf(raw: RawValue): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && DECIMAL.test(raw)) {
    const parsed = Number(raw);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** The string a read shows for a logged value. */
export const textOf = (raw: RawValue): string => String(raw);

/** Builds the point a summary folds from a raw value and its position. */
export function loggedPoint(raw: RawValue, timestamp: number, step: number | null, context: string | null): LoggedPoint {
  return { value: textOf(raw), number: numberOf(raw), timestamp, step, context };
}

/** True when `a` ranks strictly above `b`: numeric values outrank non-numeric ones, then natural order. */
function ranksAbove(a: LoggedPoint, b: LoggedPoint): boolean {
  if (a.number !== null && b.number !== null) return a.number > b.number;
  if (a.number !== null || b.number !== null) return a.number !== null;
  return a.value > b.value;
}

/** True when `a` ranks strictly below `b`: numeric values outrank non-numeric ones, then natural order. */
function ranksBelow(a: LoggedPoint, b: LoggedPoint): boolean {
  if (a.number !== null && b.number !== null) return a.number < b.number;
  if (a.number !== null || b.number !== null) return a.number !== null;
  return a.value < b.value;
}

/**
 * Folds one more value into a summary. Current is the most recently received value; min and max rank
 * numeric values before non-numeric ones (numbers numerically, strings by code point); ties keep the earlier.
 */
export function foldSummary(summary: Summary | undefined, point: LoggedPoint): Summary {
  if (!summary) return { count: 1, current: point, min: point, max: point };
  return {
    count: summary.count + 1,
    current: point,
    min: ranksBelow(point, summary.min) ? point : summary.min,
    max: ranksAbove(point, summary.max) ? point : summary.max,
  };
}

/** A mark being folded: the stored one (index -1) or a value's (its index), its numeric reading, its point once built. */
interface Mark {
  index: number;
  number: number | null;
  point: LoggedPoint | undefined;
}

/**
 * Folds `count` values in arrival order into a summary: what foldSummary gives one by one. `numberAt(index)` is a
 * value's numeric reading (numberOf), `pointAt(index)` its LoggedPoint, built only for values compared as text and
 * for the marks kept, so that a run of numbers costs no object per value.
 */
export function foldPoints(summary: Summary | undefined, count: number, numberAt: (index: number) => number | null, pointAt: (index: number) => LoggedPoint): Summary | undefined {
  if (count === 0) return summary;
  const startOf = (stored: LoggedPoint | undefined): Mark => (stored ? { index: -1, number: stored.number, point: stored } : { index: 0, number: numberAt(0), point: undefined });
  const min = startOf(summary?.min);
  const max = startOf(summary?.max);
  const pointOf = (mark: Mark) => (mark.point ??= pointAt(mark.index));
  const move = (mark: Mark, index: number, number: number | null, point: LoggedPoint | undefined) => {
    mark.index = index;
    mark.number = number;
    mark.point = point;
  };
  /** A value that is not a number, or a mark that is not: compared as points (`outranks`: ranksBelow or ranksAbove). */
  const foldAsPoint = (mark: Mark, index: number, number: number | null, outranks: (a: LoggedPoint, b: LoggedPoint) => boolean) => {
    const point = pointAt(index);
    if (outranks(point, pointOf(mark))) move(mark, index, number, point);
  };
  for (let index = summary ? 0 : 1; index < count; index += 1) {
    const number = numberAt(index);
    if (number === null || min.number === null) foldAsPoint(min, index, number, ranksBelow);
    else if (number < min.number) move(min, index, number, undefined);
    if (number === null || max.number === null) foldAsPoint(max, index, number, ranksAbove);
    else if (number > max.number) move(max, index, number, undefined);
  }
  return { count: (summary?.count ?? 0) + count, current: pointAt(count - 1), min: pointOf(min), max: pointOf(max) };
}
