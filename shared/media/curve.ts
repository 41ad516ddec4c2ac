import { z } from 'zod';
import { decoded, parseMediaJson, refused, type MediaDecoded } from './media-json.ts';

/** The kind named in "Cannot display this …" for a curve. */
export const CURVE_KIND = 'curve';

/** One point of a curve. */
export interface CurvePoint {
  readonly x: number;
  readonly y: number;
}

/** A curve as the SDK logs it (`log_curve(name, x, y, step)`): `{x: [...], y: [...], name}`. */
export interface Curve {
  readonly name: string;
  readonly x: readonly number[];
  readonly y: readonly number[];
}

/** What the area under a curve means, when it means something: a ROC curve's or a precision–recall curve's. */
export type CurveKind = 'roc' | 'pr';

const fileSchema = z.looseObject({
  name: z.union([z.string(), z.number()]).transform(String).nullish(),
  x: z.array(z.number().finite()),
  y: z.array(z.number().finite()),
});

/** Decodes the JSON text of a `curve` asset; a malformed file (or x and y of different lengths) answers why it cannot be shown. */
export function parseCurve(text: string): MediaDecoded<Curve> {
  const parsed = parseMediaJson(CURVE_KIND, text, fileSchema);
  if (!parsed.ok) return parsed;
  const { name, x, y } = parsed.value;
  if (x.length !== y.length) return refused(CURVE_KIND, `x has ${x.length} values and y has ${y.length}`);
  return decoded({ name: name ?? '', x, y });
}

/** The curve's points ordered by x (points of equal x keep the order they were logged in). */
export function sortedCurvePoints(curve: Curve): CurvePoint[] {
  return curve.x.map((x, index) => ({ x, y: curve.y[index] ?? 0 })).sort((a, b) => a.x - b.x);
}

/** The area under the curve by the trapezoid rule over its points ordered by x (0 for fewer than two points). */
export function areaUnderCurve(curve: Curve): number {
  const points = sortedCurvePoints(curve);
  let area = 0;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1] as CurvePoint;
    const b = points[i] as CurvePoint;
    area += ((b.x - a.x) * (a.y + b.y)) / 2;
  }
  return area;
}

/** The words of a curve name, lower case (`val_ROC-curve` → val, roc, curve; `precisionRecall` → precision, recall). */
const words = (name: string): string[] =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Whether every point lies in the unit square and the curve climbs from (0, 0) to (1, 1), as every ROC curve does. */
function looksLikeRoc(curve: Curve): boolean {
  const points = sortedCurvePoints(curve);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 2) return false;
  const climbs = points.every((point, i) => i === 0 || point.y >= (points[i - 1] as CurvePoint).y);
  const inside = points.every(({ x, y }) => x >= 0 && x <= 1 && y >= 0 && y <= 1);
  return climbs && inside && first.x === 0 && first.y === 0 && last.x === 1 && last.y === 1;
}

/**
 * Whether the curve is a ROC or a precision–recall curve, so its area is worth showing: by its name first (a word
 * `roc`; a word `pr` or `prc`, or the words `precision` and `recall`), else by its data (in the unit square, climbing
 * from (0, 0) to (1, 1), as only a ROC curve must). Undefined when neither says so.
 */
export function curveKind(curve: Curve): CurveKind | undefined {
  const named = words(curve.name);
  if (named.includes('roc')) return 'roc';
  if (named.includes('pr') || named.includes('prc') || (named.includes('precision') && named.includes('recall'))) return 'pr';
  return looksLikeRoc(curve) ? 'roc' : undefined;
}
