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

/** Folds values in arrival order into a summary: what foldSummary gives one by one, without a summary per value. */
export function foldPoints(summary: Summary | undefined, points: readonly LoggedPoint[]): Summary | undefined {
  const first = points[0];
  if (!first) return summary;
  const start = summary ?? { count: 0, current: first, min: first, max: first };
  let { min, max } = start;
  for (const point of points) {
    if (ranksBelow(point, min)) min = point;
    if (ranksAbove(point, max)) max = point;
  }
  return { count: start.count + points.length, current: points[points.length - 1] as LoggedPoint, min, max };
}
