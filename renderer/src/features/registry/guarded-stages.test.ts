import { describe, expect, it } from 'vitest';
import { guardSteps, requestNotice } from './guarded-stages.ts';
import { planAddStage, planSetStages } from './stages.ts';

const one = { registryModelItemId: 'one', version: '1.0.0', stages: ['production'] };
const two = { registryModelItemId: 'two', version: '2.0.0', stages: [] as string[] };
const versions = [one, two];
const isProtected = (stage: string) => stage === 'production';

describe('guardSteps', () => {
  it('turns moving a protected stage into one request, the holder keeping it until approval', () => {
    expect(guardSteps(planAddStage(versions, two, 'production', true), 'two', isProtected)).toEqual([{ kind: 'request', registryModelItemId: 'two', version: '2.0.0', stage: 'production' }]);
  });

  it('leaves adding without moving, and unprotected stages, as planned', () => {
    expect(guardSteps(planAddStage(versions, two, 'production', false), 'two', isProtected)).toEqual(planAddStage(versions, two, 'production', false));
    expect(guardSteps(planAddStage(versions, two, 'staging', true), 'two', isProtected)).toEqual(planAddStage(versions, two, 'staging', true));
  });

  it('sets the free stages at once and asks for the protected one', () => {
    const steps = guardSteps(planSetStages(versions, two, ['staging', 'production'], 'ok', true), 'two', isProtected);
    expect(steps).toEqual([
      { kind: 'set', registryModelItemId: 'two', version: '2.0.0', stages: ['staging'], comment: 'ok' },
      { kind: 'request', registryModelItemId: 'two', version: '2.0.0', stage: 'production' },
    ]);
    expect(requestNotice(steps, 'two', [], isProtected)).toContain('protects production');
    expect(requestNotice(planAddStage(versions, two, 'staging', true), 'two', [], isProtected)).toBeNull();
  });
});
