/**
 * Metric points are stored packed: one row of `metric_point_chunks` per series per append (an E29 point, a clientlib
 * batch, or what a group commit writes for one series), its points as one JSON text of columns in arrival order:
 * `{"s": steps (-1: none), "t": timestamps, "v": values, "e": epochs, "c": contexts, "q": seqs}`. `e` and `c` are
 * left out when every point's is null, `q` when the seqs run on from the row's first_seq without a gap. Steps and
 * timestamps that are all safe integers are written as differences instead (`"ds"`, `"dt"`: the first value, then
 * each one's difference from the one before), which is exact for integers and some 30% shorter. Values that are all
 * numbers are written as their doubles (`"vf"`: little-endian float64, base64), which reads show as `String(number)`
 * (the text a logged number has): 10.7 characters a value instead of some 20, and no text made per value.
 */

/** One point of a stored series, in read order. */
export interface StoredPoint {
  value: string;
  timestamp: number;
  step: number | null;
  epoch: number | null;
  context: string | null;
}

/** A value as written: a number, read back as String(number), or the text of any other value. */
export type StoredValue = string | number;

/** One chunk's points decoded, in arrival order (seq order). */
export interface PointColumns {
  firstSeq: number;
  steps: number[];
  timestamps: number[];
  values: string[];
  epochs: (number | null)[] | undefined;
  contexts: (string | null)[] | undefined;
  seqs: number[] | undefined;
}

/** The packed text of one chunk as stored. */
interface PackedPoints {
  s?: number[];
  t?: number[];
  ds?: number[];
  dt?: number[];
  v?: string[];
  vf?: string;
  e?: (number | null)[];
  c?: (string | null)[];
  q?: number[];
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A text as the database stores it: a lone surrogate becomes U+FFFD (as SQLite's and PostgreSQL's UTF-8 encoding of it does). */
const wellFormed = <T extends string | null>(text: T): T => (text === null ? text : (text.replace(LONE_SURROGATE, '\ufffd') as T));

/**
 * Packs points given in seq order (seqs without a gap, from the chunk's first_seq). JSON.stringify escapes a lone
 * surrogate (`\ud800`) where a text column stored U+FFFD: such texts are made well-formed first, so reads answer
 * what one row per point answered.
 */
export function packPoints(steps: number[], timestamps: number[], values: StoredValue[], epochs: (number | null)[], contexts: (string | null)[]): string {
  const stepDifferences = differences(steps);
  const timeDifferences = differences(timestamps);
  const numbers = values.every((value) => typeof value === 'number');
  const texts = numbers ? undefined : values.map(String);
  // Keys in this order (the stored text's): set one by one, no object spread per write.
  const packed: PackedPoints = {};
  if (stepDifferences) packed.ds = stepDifferences;
  else packed.s = steps;
  if (timeDifferences) packed.dt = timeDifferences;
  else packed.t = timestamps;
  if (texts) packed.v = texts;
  else packed.vf = doublesText(values as number[]);
  if (epochs.some((epoch) => epoch !== null)) packed.e = epochs;
  if (contexts.some((context) => context !== null)) packed.c = contexts;
  const text = JSON.stringify(packed);
  if (!text.includes('\\ud')) return text;
  if (texts) packed.v = texts.map(wellFormed);
  if (packed.c) packed.c = contexts.map(wellFormed);
  return JSON.stringify(packed);
}

/** True on a little-endian machine: the doubles are stored little-endian on every machine. */
const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/** Numbers as base64 of their little-endian doubles. */
function doublesText(numbers: readonly number[]): string {
  const bytes = Buffer.from(new Float64Array(numbers).buffer);
  return (LITTLE_ENDIAN ? bytes : bytes.swap64()).toString('base64');
}

/** The texts of the numbers doublesText() wrote: String(number), as a logged number reads. */
function doublesTexts(text: string): string[] {
  const bytes = Buffer.from(text, 'base64');
  const doubles = new Float64Array(new Uint8Array(LITTLE_ENDIAN ? bytes : bytes.swap64()).buffer);
  const texts = new Array<string>(doubles.length);
  for (let index = 0; index < doubles.length; index += 1) texts[index] = String(doubles[index]);
  return texts;
}

/** The first number and each one's difference from the one before, or undefined unless all are safe integers. */
function differences(numbers: readonly number[]): number[] | undefined {
  const result = new Array<number>(numbers.length);
  let previous = 0;
  for (let index = 0; index < numbers.length; index += 1) {
    const value = numbers[index] as number;
    const difference = value - previous;
    // Safe integers with a safe difference: every running sum is exact.
    if (!Number.isSafeInteger(value) || !Number.isSafeInteger(difference)) return undefined;
    result[index] = difference;
    previous = value;
  }
  return result;
}

/** The numbers again from differences(): running sums, in place. */
function sums(numbers: number[]): number[] {
  for (let index = 1; index < numbers.length; index += 1) numbers[index] = (numbers[index] as number) + (numbers[index - 1] as number);
  return numbers;
}

/** Decodes a chunk's packed text. */
export function unpackPoints(firstSeq: number, text: string): PointColumns {
  const packed = JSON.parse(text) as PackedPoints;
  const steps = packed.ds ? sums(packed.ds) : (packed.s ?? []);
  const timestamps = packed.dt ? sums(packed.dt) : (packed.t ?? []);
  const values = packed.vf === undefined ? (packed.v ?? []) : doublesTexts(packed.vf);
  return { firstSeq, steps, timestamps, values, epochs: packed.e, contexts: packed.c, seqs: packed.q };
}

/** The seq of a chunk's point `index`. */
export const seqAt = (chunk: PointColumns, index: number): number => (chunk.seqs ? (chunk.seqs[index] as number) : chunk.firstSeq + index);

/** A point with what orders it in its series: (step, timestamp, seq). */
export interface OrderedPoint {
  step: number;
  timestamp: number;
  seq: number;
  value: string;
}

/** Series order: step (-1 first), timestamp, seq. */
export const seriesOrder = (a: OrderedPoint, b: OrderedPoint): number => a.step - b.step || a.timestamp - b.timestamp || a.seq - b.seq;

/** Sorts points into series order; an already ordered list (the common case) costs one pass. */
export function sortSeries<P extends OrderedPoint>(points: P[]): P[] {
  for (let index = 1; index < points.length; index += 1) {
    if (seriesOrder(points[index - 1] as P, points[index] as P) > 0) return points.sort(seriesOrder);
  }
  return points;
}

/** A series' points in series order from its chunk rows ([first_seq, points], in first_seq order). */
export function unpackSeries(rows: readonly (readonly [number, string])[]): StoredPoint[] {
  const points: StoredPoint[] = [];
  let ordered = true;
  let lastStep = Number.NEGATIVE_INFINITY;
  let lastTimestamp = Number.NEGATIVE_INFINITY;
  for (const [firstSeq, text] of rows) {
    const { steps, timestamps, values, epochs, contexts } = unpackPoints(firstSeq, text);
    for (let index = 0; index < steps.length; index += 1) {
      const step = steps[index] as number;
      const timestamp = timestamps[index] as number;
      if (step < lastStep || (step === lastStep && timestamp < lastTimestamp)) ordered = false;
      lastStep = step;
      lastTimestamp = timestamp;
      points.push({ value: values[index] as string, timestamp, step: step < 0 ? null : step, epoch: epochs?.[index] ?? null, context: contexts?.[index] ?? null });
    }
  }
  // Rows come in seq order and the sort is stable: ties on (step, timestamp) stay in seq order.
  return ordered ? points : points.sort((a, b) => (a.step ?? -1) - (b.step ?? -1) || a.timestamp - b.timestamp);
}
