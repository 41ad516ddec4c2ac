import { tickLabel } from '../tick-label.ts';

/** A value on an axis: a number, a text (categorical parameters) or none. */
export type AxisValue = number | string | null;

/** A tick: its label and its position (0 at the bottom of the axis, 1 at the top). */
export interface AxisTick {
  label: string;
  at: number;
}

/** How an axis places values: `position` answers 0 (bottom) … 1 (top), NaN where the value cannot be placed. */
export interface AxisScale {
  kind: 'linear' | 'log' | 'category';
  position(value: AxisValue): number;
  ticks: readonly AxisTick[];
  /** Numeric axes: the data's smallest and largest placed values; categorical: the first and last category. */
  domain: readonly [number | string, number | string] | null;
  /** Runs with a value the scale cannot place (text on a numeric axis, ≤ 0 on a log axis). */
  leftOut: number;
}

const collator = new Intl.Collator('en', { numeric: true });

/** A number as a short tick label (4 significant digits, no trailing zeros). */
export const formatNumber = (value: number): string => (Number.isInteger(value) && Math.abs(value) < 1e6 ? String(value) : String(Number(value.toPrecision(4))));

/** About `count` round numbers between `min` and `max` (steps of 1, 2 or 5 times a power of ten). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return Number.isFinite(min) ? [min] : [];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max + step * 1e-9; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return ticks;
}

/** A linear or log scale over the numbers among `values`, spanning exactly their smallest to largest. */
export function numericScale(values: readonly AxisValue[], log: boolean): AxisScale {
  const map = (value: number) => (log ? (value > 0 ? Math.log10(value) : Number.NaN) : value);
  let min = Infinity;
  let max = -Infinity;
  let leftOut = 0;
  for (const value of values) {
    if (value === null) continue;
    const mapped = typeof value === 'number' ? map(value) : Number.NaN;
    if (Number.isNaN(mapped)) leftOut += 1;
    else {
      min = Math.min(min, mapped);
      max = Math.max(max, mapped);
    }
  }
  if (min > max) return { kind: log ? 'log' : 'linear', position: () => Number.NaN, ticks: [], domain: null, leftOut };
  const position = (value: AxisValue) => {
    if (typeof value !== 'number') return Number.NaN;
    const mapped = map(value);
    return max === min ? (mapped === min ? 0.5 : Number.NaN) : (mapped - min) / (max - min);
  };
  const tickValues = log
    ? niceTicks(Math.ceil(min), Math.floor(max), Math.max(1, Math.floor(max) - Math.ceil(min))).filter(Number.isInteger).map((exponent) => 10 ** exponent)
    : niceTicks(min, max);
  const ends = log ? [10 ** min, 10 ** max] : [min, max];
  const ticks = (tickValues.length >= 2 ? tickValues : [...new Set(ends)]).map((value) => ({ label: tickLabel(value), at: position(value) }));
  return { kind: log ? 'log' : 'linear', position, ticks, domain: [ends[0] ?? min, ends[1] ?? max], leftOut };
}

/** The distinct values as categories in natural order ("2" before "10", text as a person sorts it), numbers as text. */
export function categoriesOf(values: readonly AxisValue[]): string[] {
  const distinct = new Set<string>();
  for (const value of values) if (value !== null) distinct.add(String(value));
  return [...distinct].sort(collator.compare);
}

/** A categorical scale: each distinct value at an even step up the axis, in natural order. */
export function categoryScale(values: readonly AxisValue[]): AxisScale {
  const categories = categoriesOf(values);
  const at = new Map(categories.map((category, index) => [category, categories.length === 1 ? 0.5 : index / (categories.length - 1)]));
  return {
    kind: 'category',
    position: (value) => (value === null ? Number.NaN : (at.get(String(value)) ?? Number.NaN)),
    ticks: categories.map((label) => ({ label, at: at.get(label) ?? 0 })),
    domain: categories.length > 0 ? [categories[0] ?? '', categories.at(-1) ?? ''] : null,
    leftOut: 0,
  };
}

/** The scale for a column's values: categorical when any value is text, else linear or (when asked) log. */
export const scaleFor = (values: readonly AxisValue[], log: boolean): AxisScale =>
  values.some((value) => typeof value === 'string') ? categoryScale(values) : numericScale(values, log);
