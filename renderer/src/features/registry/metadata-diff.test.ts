import { describe, expect, it } from 'vitest';
import { compactJson, metadataDiff, metadataEntries, metadataText, parseMetadataText, sameJson } from './metadata-diff.ts';

describe('metadata text', () => {
  it('reads a JSON object, and an empty text as an empty document', () => {
    expect(parseMetadataText('{"lr": 0.1, "layers": [1, 2]}')).toEqual({ ok: true, document: { lr: 0.1, layers: [1, 2] } });
    expect(parseMetadataText('  \n')).toEqual({ ok: true, document: {} });
  });

  it('refuses text that is not JSON, saying where when the engine knows', () => {
    const broken = parseMetadataText('{\n  "lr": 0.1\n  "layers": 2\n}');
    expect(broken.ok).toBe(false);
    if (broken.ok) return;
    expect(broken.message).toMatch(/^Not valid JSON at line 3, column 3: /);
    const cut = parseMetadataText('{"a": ');
    expect(cut.ok === false && cut.message).toMatch(/^Not valid JSON/);
  });

  it('refuses JSON that is not an object, naming what it is', () => {
    expect(parseMetadataText('[1]')).toEqual({ ok: false, message: 'Metadata must be a JSON object ({ … }), not an array.' });
    expect(parseMetadataText('null')).toEqual({ ok: false, message: 'Metadata must be a JSON object ({ … }), not null.' });
    expect(parseMetadataText('"x"')).toEqual({ ok: false, message: 'Metadata must be a JSON object ({ … }), not a string.' });
  });

  it('writes a document as indented JSON that reads back the same', () => {
    const document = { b: { c: [1, { d: null }] }, a: 'x' };
    expect(metadataText({})).toBe('{}');
    expect(parseMetadataText(metadataText(document))).toEqual({ ok: true, document });
    expect(metadataEntries(document)).toEqual([
      { key: 'b', value: { c: [1, { d: null }] } },
      { key: 'a', value: 'x' },
    ]);
  });
});

describe('metadata diff', () => {
  it('lists removed, changed and added values, nested objects key by key', () => {
    const before = { lr: 0.1, owner: 'ana', training: { epochs: 10, optimizer: 'adam' }, labels: ['cat', 'dog'] };
    const after = { lr: 0.2, training: { epochs: 10, optimizer: 'sgd', warmup: 2 }, labels: ['cat', 'dog'], dataset: { name: 'v2' } };
    expect(metadataDiff(before, after)).toEqual([
      { kind: 'changed', path: 'lr', before: 0.1, after: 0.2 },
      { kind: 'removed', path: 'owner', before: 'ana' },
      { kind: 'changed', path: 'training.optimizer', before: 'adam', after: 'sgd' },
      { kind: 'added', path: 'training.warmup', after: 2 },
      { kind: 'added', path: 'dataset', after: { name: 'v2' } },
    ]);
  });

  it('compares arrays as whole values in order, and sees a type change', () => {
    expect(metadataDiff({ labels: ['cat', 'dog'] }, { labels: ['dog', 'cat'] })).toEqual([
      { kind: 'changed', path: 'labels', before: ['cat', 'dog'], after: ['dog', 'cat'] },
    ]);
    expect(metadataDiff({ a: { b: 1 } }, { a: [1] })).toEqual([{ kind: 'changed', path: 'a', before: { b: 1 }, after: [1] }]);
    expect(metadataDiff({ a: 1 }, { a: '1' })).toEqual([{ kind: 'changed', path: 'a', before: 1, after: '1' }]);
  });

  it('finds no change when only the key order or the spacing differs', () => {
    expect(metadataDiff({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toEqual([]);
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson([1], { 0: 1 })).toBe(false);
  });

  it('shows values in one line, cut when long', () => {
    expect(compactJson({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(compactJson('x'.repeat(300), 10)).toBe('"xxxxxxxx…');
  });
});
