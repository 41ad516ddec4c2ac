/**
 * The annotations the SDK's `log_image(..., annotations=)` puts in an image asset's metadata:
 * `{"annotations": [{"name": <layer>, "data": [{"boxes": [[x, y, w, h]], "points": [[x1, y1, x2, y2, …]], "label", "score", "id"}]}]}`,
 * in the image's pixels. Parsed without trusting it: anything malformed answers a reason instead of shapes.
 */

/** A box in image pixels: its top-left corner, width and height. */
export interface AnnotationBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A point of a polygon, in image pixels. */
export interface AnnotationPoint {
  x: number;
  y: number;
}

/** One labelled annotation of a layer: its boxes and polygons. */
export interface Annotation {
  /** The layer (the annotation's `name`, "annotations" when none is given). */
  layer: string;
  label: string;
  /** The score, when one is given. */
  score: number | null;
  id: string | null;
  boxes: AnnotationBox[];
  polygons: AnnotationPoint[][];
}

/** The annotations of an image, or why they cannot be displayed. */
export type ParsedAnnotations = { ok: true; annotations: Annotation[] } | { ok: false; reason: string };

/** The most shapes shown for one image (more is refused, not cut silently). */
export const MAX_ANNOTATION_SHAPES = 10_000;
/** The layer name used when an annotation group has no `name`. */
const DEFAULT_LAYER = 'annotations';

/** Thrown inside the parser with the reason shown to the user. */
class Malformed extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of finite numbers, or a Malformed naming `what`. */
function numbers(value: unknown, what: string): number[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'number' && Number.isFinite(item))) throw new Malformed(`${what} is not a list of numbers`);
  return value as number[];
}

/** A box `[x, y, w, h]`. */
function boxOf(value: unknown, where: string): AnnotationBox {
  const list = numbers(value, `${where} box`);
  if (list.length !== 4) throw new Malformed(`${where} box has ${list.length} numbers instead of 4 (x, y, width, height)`);
  const [x = 0, y = 0, width = 0, height = 0] = list;
  return { x, y, width, height };
}

/** A polygon: a flat list `[x1, y1, x2, y2, …]` (the SDK's form) or a list of `[x, y]` pairs. */
function polygonOf(value: unknown, where: string): AnnotationPoint[] {
  const flat = Array.isArray(value) && value.every(Array.isArray) ? value.flatMap((pair) => numbers(pair, `${where} point`)) : numbers(value, `${where} polygon`);
  if (flat.length < 6 || flat.length % 2 !== 0) throw new Malformed(`${where} polygon needs at least 3 points given as x, y pairs`);
  const points: AnnotationPoint[] = [];
  for (let index = 0; index < flat.length; index += 2) points.push({ x: flat[index] ?? 0, y: flat[index + 1] ?? 0 });
  return points;
}

/** The shapes listed under `key` (absent: none). */
function shapesOf<T>(item: Record<string, unknown>, key: string, where: string, parse: (value: unknown, where: string) => T): T[] {
  const value = item[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Malformed(`${where} "${key}" is not a list`);
  return value.map((shape) => parse(shape, where));
}

/** One item of a layer's `data`. */
function annotationOf(item: unknown, layer: string, where: string): Annotation {
  if (!isRecord(item)) throw new Malformed(`${where} is not an object`);
  const { label, score, id } = item;
  if (score !== undefined && score !== null && (typeof score !== 'number' || !Number.isFinite(score))) throw new Malformed(`${where} score is not a number`);
  return {
    layer,
    label: label === undefined || label === null ? '' : String(label),
    score: typeof score === 'number' ? score : null,
    id: id === undefined || id === null ? null : String(id),
    boxes: shapesOf(item, 'boxes', where, boxOf),
    polygons: shapesOf(item, 'points', where, polygonOf),
  };
}

/** The annotations of one layer group `{name, data}`. */
function layerOf(group: unknown, index: number): Annotation[] {
  if (!isRecord(group)) throw new Malformed(`annotation layer ${index + 1} is not an object`);
  const layer = typeof group.name === 'string' && group.name.trim() !== '' ? group.name : DEFAULT_LAYER;
  if (!Array.isArray(group.data)) throw new Malformed(`layer "${layer}" has no "data" list`);
  return group.data.map((item, position) => annotationOf(item, layer, `layer "${layer}" item ${position + 1}:`));
}

/** Parses an image asset's metadata string: no metadata or no `annotations` is an empty list; malformed ones a reason. */
export function parseAnnotations(metadata: string | null | undefined): ParsedAnnotations {
  if (metadata === null || metadata === undefined || metadata.trim() === '') return { ok: true, annotations: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return { ok: false, reason: 'the metadata is not valid JSON' };
  }
  if (!isRecord(parsed) || parsed.annotations === undefined || parsed.annotations === null) return { ok: true, annotations: [] };
  if (!Array.isArray(parsed.annotations)) return { ok: false, reason: '"annotations" is not a list' };
  try {
    const annotations = parsed.annotations.flatMap(layerOf);
    const shapes = annotations.reduce((sum, annotation) => sum + annotation.boxes.length + annotation.polygons.length, 0);
    if (shapes > MAX_ANNOTATION_SHAPES) return { ok: false, reason: `${shapes} shapes, more than the ${MAX_ANNOTATION_SHAPES} shown` };
    return { ok: true, annotations };
  } catch (error) {
    if (error instanceof Malformed) return { ok: false, reason: error.message };
    throw error;
  }
}

/** The layers and labels found in some annotations, each sorted, for their switches. */
export function layersAndLabels(annotations: readonly Annotation[]): { layers: string[]; labels: string[] } {
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));
  return { layers: sorted(annotations.map((annotation) => annotation.layer)), labels: sorted(annotations.map((annotation) => annotation.label)) };
}

/** What the viewer hides: switched-off layers and labels, and scores under the threshold (no score is never hidden by it). */
export interface AnnotationFilter {
  hiddenLayers: ReadonlySet<string>;
  hiddenLabels: ReadonlySet<string>;
  minScore: number;
}

/** The annotations the filter lets through. */
export function visibleAnnotations(annotations: readonly Annotation[], filter: AnnotationFilter): Annotation[] {
  return annotations.filter(
    (annotation) =>
      !filter.hiddenLayers.has(annotation.layer) && !filter.hiddenLabels.has(annotation.label) && (annotation.score === null || annotation.score >= filter.minScore),
  );
}
