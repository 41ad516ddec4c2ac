import { describe, expect, it } from 'vitest';
import { imagesPanelSettings } from '../../../../../shared/api/media-panels.ts';
import { emptyReason, readSettings } from './media-settings.ts';

const run = { key: 'a', name: 'alpha', colour: 0, group: null };
const state = { error: null, loading: false, runs: [run], names: [{ name: 'sample', runs: 1 }], mediaRuns: [{ experimentKey: 'a', items: [] }] };

describe("a media panel's empty states", () => {
  it('say why nothing shows: no run selected, no asset of the name, none of the kind; nothing while reading or when there is', () => {
    expect(emptyReason({ ...state, runs: [] }, 'an image', 'sample')?.text).toBe("No run passes the filters: widen the table's filter or clear a brush.");
    expect(emptyReason({ ...state, mediaRuns: [] }, 'an image', 'masks')?.text).toBe('No run in the selection logged an image named “masks”.');
    expect(emptyReason({ ...state, names: [], mediaRuns: [] }, 'a curve', '')?.text).toBe('No run in the selection logged a curve yet: it appears here once one does.');
    expect(emptyReason({ ...state, loading: true, mediaRuns: [] }, 'an image', 'masks')).toBeUndefined();
    expect(emptyReason(state, 'an image', 'sample')).toBeUndefined();
  });
});

describe("a media panel's saved settings", () => {
  it('are read as saved, or as the defaults when not of their shape', () => {
    expect(readSettings(imagesPanelSettings, { name: 'sample', step: 3 })).toEqual({ name: 'sample', step: 3, groupBy: '', groupAs: 'rows' });
    expect(readSettings(imagesPanelSettings, { name: 'sample', step: 'three' })).toEqual({ name: '', step: null, groupBy: '', groupAs: 'rows' });
  });
});
