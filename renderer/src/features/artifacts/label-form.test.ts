import { describe, expect, it } from 'vitest';
import { labelsBody, metadataProblem, splitLabels } from './label-form.ts';

describe("an artifact version's label editor", () => {
  it('splits comma-separated labels, dropping empty ones and repeats', () => {
    expect(splitLabels(' prod, best,,prod , ')).toEqual(['prod', 'best']);
  });

  it('accepts a JSON object or nothing as metadata, and says what is wrong otherwise', () => {
    expect(metadataProblem('')).toBeUndefined();
    expect(metadataProblem('{"rows": 3}')).toBeUndefined();
    expect(metadataProblem('[1]')).toContain('JSON object');
    expect(metadataProblem('{rows')).toBe('is not valid JSON');
  });

  it('sends every label it shows, an emptied metadata as {}', () => {
    expect(labelsBody('v1', { aliases: 'a, b', tags: '', metadata: ' ' })).toEqual({ artifactVersionId: 'v1', alias: ['a', 'b'], versionTags: [], versionMetadata: '{}' });
  });
});
