/** One parameter's values across runs, as `ext.analysisRuns` answers them (null: the run has none). */
export interface ParameterValues {
  name: string;
  values: readonly (number | string | null)[];
}

/** A column the importance model reads: a numeric parameter, or one value of a text parameter as 0/1 (one-hot). */
export interface Feature {
  /** What the row is called: the parameter's name, or `name = value` for one value of a text parameter. */
  label: string;
  parameter: string;
  kind: 'number' | 'one-hot';
  /** One entry per run; NaN where the run has no value for a numeric parameter. */
  values: Float64Array;
  /** Runs without this parameter. */
  missing: number;
}

/** A parameter left out of the model, and why (shown under the scores). */
export interface SkippedParameter {
  parameter: string;
  reason: 'same-everywhere' | 'too-many-texts' | 'none-logged';
}

/** A text parameter with more distinct values than this is left out rather than spread over that many 0/1 columns. */
export const MAX_ONE_HOT_VALUES = 12;

/**
 * Turns parameters into model columns: numeric parameters as they are; text parameters (any value not a number)
 * one-hot, one 0/1 column per value, when they have at most `MAX_ONE_HOT_VALUES` values; constant parameters left out.
 */
export function encodeParameters(parameters: readonly ParameterValues[]): { features: Feature[]; skipped: SkippedParameter[] } {
  const features: Feature[] = [];
  const skipped: SkippedParameter[] = [];
  for (const { name, values } of parameters) {
    const present = values.filter((value): value is number | string => value !== null);
    const missing = values.length - present.length;
    const distinct = new Set(present.map(String));
    if (present.length === 0) skipped.push({ parameter: name, reason: 'none-logged' });
    else if (distinct.size < 2 && missing === 0) skipped.push({ parameter: name, reason: 'same-everywhere' });
    else if (present.every((value) => typeof value === 'number')) {
      features.push({ label: name, parameter: name, kind: 'number', values: Float64Array.from(values, (value) => (value === null ? NaN : Number(value))), missing });
    } else if (distinct.size > MAX_ONE_HOT_VALUES) skipped.push({ parameter: name, reason: 'too-many-texts' });
    else {
      for (const text of [...distinct].sort()) {
        const label = `${name} = ${text}`;
        features.push({ label, parameter: name, kind: 'one-hot', values: Float64Array.from(values, (value) => (value !== null && String(value) === text ? 1 : 0)), missing });
      }
    }
  }
  return { features, skipped };
}

/** Pearson's correlation of the pairs where both values are numbers; null with fewer than 3 pairs or when either side does not vary. */
export function pearson(xs: ArrayLike<number>, ys: ArrayLike<number>): number | null {
  let n = 0;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? NaN;
    const y = ys[i] ?? NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    n++;
    sumX += x;
    sumY += y;
  }
  if (n < 3) return null;
  const meanX = sumX / n;
  const meanY = sumY / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? NaN;
    const y = ys[i] ?? NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
    syy += (y - meanY) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}
