import { describe, expect, it } from 'vitest';
import { describeStep, holdersOf, normalizeStages, planAddStage, planSetStages, stagesAfter, stageSuggestions } from './stages.ts';

const v1 = { registryModelItemId: 'a', version: '1.0.0', stages: ['production'] };
const v2 = { registryModelItemId: 'b', version: '2.0.0', stages: ['staging'] };
const v3 = { registryModelItemId: 'c', version: '3.0.0', stages: [] };
const versions = [v1, v2, v3];

describe('stage planning', () => {
  it('suggests the stages in use first, then the common ones', () => {
    expect(stageSuggestions([['qa', 'production'], ['qa'], []])).toEqual(['qa', 'production', 'staging', 'development']);
    expect(stageSuggestions([])).toEqual(['production', 'staging', 'development']);
  });

  it('adds a free stage with one step and nothing when the version has it', () => {
    expect(planAddStage(versions, v3, ' canary ', true)).toEqual([{ kind: 'add', registryModelItemId: 'c', version: '3.0.0', stage: 'canary' }]);
    expect(planAddStage(versions, v1, 'production', true)).toEqual([]);
  });

  it('moves a held stage: removed from the old version first, then added to the new one', () => {
    expect(holdersOf(versions, 'b', ['production'])).toEqual([{ registryModelItemId: 'a', version: '1.0.0', stages: ['production'] }]);
    const steps = planAddStage(versions, v2, 'production', true);
    expect(steps.map(describeStep)).toEqual(['Remove production from 1.0.0', 'Add production to 2.0.0']);
    expect(planAddStage(versions, v2, 'production', false).map(describeStep)).toEqual(['Add production to 2.0.0']);
  });

  it('sets stages and comment together, moving only the stages the version gains', () => {
    const steps = planSetStages(versions, v2, ['production', 'staging', 'production', ' '], 'ready', true);
    expect(steps).toEqual([
      { kind: 'remove', registryModelItemId: 'a', version: '1.0.0', stage: 'production' },
      { kind: 'set', registryModelItemId: 'b', version: '2.0.0', stages: ['production', 'staging'], comment: 'ready' },
    ]);
    expect(describeStep(steps[1]!)).toBe('Set 2.0.0 to production, staging and update its comment');
  });

  it('computes the stages after each step', () => {
    expect(stagesAfter(['staging'], { kind: 'add', registryModelItemId: 'b', version: '2.0.0', stage: 'production' })).toEqual(['staging', 'production']);
    expect(stagesAfter(['staging'], { kind: 'remove', registryModelItemId: 'b', version: '2.0.0', stage: 'staging' })).toEqual([]);
    expect(normalizeStages([' a', 'a', '', 'b'])).toEqual(['a', 'b']);
  });
});
