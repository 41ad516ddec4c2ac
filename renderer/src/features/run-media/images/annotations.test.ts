import { describe, expect, it } from 'vitest';
import { layersAndLabels, parseAnnotations, visibleAnnotations, type Annotation } from '../../../../../shared/media/annotations.ts';

/** The metadata the real SDK sent with its image at each step (server/test/fixtures/sdk-media/asset-list.json). */
const sdkMetadata = (): string =>
  '{"annotations":[{"data":[{"boxes":[[4,4,20,16]],"id":"b1","label":"cat","score":0.91}],"name":"predictions"}]}';

const annotationsOf = (metadata: string): Annotation[] => {
  const parsed = parseAnnotations(metadata);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.annotations;
};

describe('parseAnnotations', () => {
  it("reads the SDK's boxes with their layer, label, score and id", () => {
    expect(annotationsOf(sdkMetadata())).toEqual([
      { layer: 'predictions', label: 'cat', score: 0.91, id: 'b1', boxes: [{ x: 4, y: 4, width: 20, height: 16 }], polygons: [] },
    ]);
  });

  it('reads polygons given flat or as pairs, and defaults a missing layer name and label', () => {
    const metadata = JSON.stringify({ annotations: [{ data: [{ points: [[0, 0, 10, 0, 10, 10], [[1, 1], [2, 1], [2, 2]]] }] }] });
    expect(annotationsOf(metadata)).toEqual([
      {
        layer: 'annotations',
        label: '',
        score: null,
        id: null,
        boxes: [],
        polygons: [
          [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }],
          [{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 2, y: 2 }],
        ],
      },
    ]);
  });

  it('answers no annotations for no metadata, or metadata without them', () => {
    for (const metadata of [null, undefined, '', '{"speaker":"x"}', '[1,2]', '{"annotations":null}']) expect(parseAnnotations(metadata)).toEqual({ ok: true, annotations: [] });
  });

  it('answers a reason, never throws, for malformed annotations', () => {
    const cases: [string, RegExp][] = [
      ['{not json', /not valid JSON/],
      ['{"annotations":{}}', /not a list/],
      ['{"annotations":[7]}', /layer 1 is not an object/],
      ['{"annotations":[{"name":"p"}]}', /"p" has no "data"/],
      ['{"annotations":[{"name":"p","data":["x"]}]}', /item 1: is not an object/],
      ['{"annotations":[{"name":"p","data":[{"boxes":[[1,2,3]]}]}]}', /3 numbers instead of 4/],
      ['{"annotations":[{"name":"p","data":[{"boxes":[["1",2,3,4]]}]}]}', /not a list of numbers/],
      ['{"annotations":[{"name":"p","data":[{"boxes":{}}]}]}', /"boxes" is not a list/],
      ['{"annotations":[{"name":"p","data":[{"points":[[1,2,3,4]]}]}]}', /at least 3 points/],
      ['{"annotations":[{"name":"p","data":[{"score":"high"}]}]}', /score is not a number/],
    ];
    for (const [metadata, reason] of cases) {
      const parsed = parseAnnotations(metadata);
      expect(parsed.ok, metadata).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(reason);
    }
    const many = JSON.stringify({ annotations: [{ name: 'p', data: [{ boxes: Array.from({ length: 10_001 }, () => [0, 0, 1, 1]) }] }] });
    expect(parseAnnotations(many)).toEqual({ ok: false, reason: '10001 shapes, more than the 10000 shown' });
  });
});

describe('layers, labels and the visibility filter', () => {
  const metadata = JSON.stringify({
    annotations: [
      { name: 'predictions', data: [{ boxes: [[0, 0, 1, 1]], label: 'cat', score: 0.91 }, { boxes: [[0, 0, 2, 2]], label: 'dog', score: 0.4 }] },
      { name: 'truth', data: [{ boxes: [[0, 0, 3, 3]], label: 'cat' }] },
    ],
  });
  const all = annotationsOf(metadata);
  const shown = (filter: Partial<Parameters<typeof visibleAnnotations>[1]>) =>
    visibleAnnotations(all, { hiddenLayers: new Set(), hiddenLabels: new Set(), minScore: 0, ...filter }).map((annotation) => `${annotation.layer}:${annotation.label}`);

  it('lists the layers and labels sorted', () => {
    expect(layersAndLabels(all)).toEqual({ layers: ['predictions', 'truth'], labels: ['cat', 'dog'] });
  });

  it('hides switched-off layers and labels, and scores under the threshold (unscored ones stay)', () => {
    expect(shown({})).toEqual(['predictions:cat', 'predictions:dog', 'truth:cat']);
    expect(shown({ hiddenLayers: new Set(['truth']) })).toEqual(['predictions:cat', 'predictions:dog']);
    expect(shown({ hiddenLabels: new Set(['cat']) })).toEqual(['predictions:dog']);
    expect(shown({ minScore: 0.91 })).toEqual(['predictions:cat', 'truth:cat']);
    expect(shown({ minScore: 0.92 })).toEqual(['truth:cat']);
  });
});
