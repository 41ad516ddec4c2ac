import { describe, expect, it } from 'vitest';
import type { RegistryActionType } from '../../../../shared/api/registry-items.ts';
import { describeChange, filterHistory, flattenHistory, historyChoices, isHistoryUnsupported, NO_HISTORY_FILTER, type HistoryEvent } from './version-history.ts';

let nextId = 1;
function event(version: string, actionType: RegistryActionType, userName: string, createdAt: number, values: Partial<HistoryEvent> = {}): HistoryEvent {
  const id = String(nextId++);
  return {
    id,
    actionType,
    comment: '',
    previousValue: null,
    newValue: null,
    registryModelId: 'model-1',
    registryModelItemId: `item-${version}`,
    registryModelItemVersion: version,
    registryModelName: 'classifier',
    registryModelItemActualPathParams: { workspaceName: 'team', registryModelName: 'classifier', version },
    userName,
    userAvatarLink: null,
    createdAt,
    ...values,
  };
}

const created1 = event('1.0.0', 'MODEL_VERSION_CREATED', 'ana', 1000, { newValue: { version: '1.0.0', status: 'None', stages: [], comment: '' } });
const created10 = event('10.0.0', 'MODEL_VERSION_CREATED', 'ana', 1500, { newValue: { version: '10.0.0', status: 'None', stages: ['qa'], comment: '' } });
const created2 = event('2.0.0', 'MODEL_VERSION_CREATED', 'bob', 2000, { newValue: { version: '2.0.0', status: 'Development', stages: ['staging'], comment: '' } });
const status1 = event('1.0.0', 'MODEL_VERSION_STATUS_CHANGED', 'bob', 3000, {
  previousValue: { registryModelStatus: 'None' },
  newValue: { registryModelStatus: 'Production', changedBy: 'bob' },
});
const stage2 = event('2.0.0', 'MODEL_VERSION_STAGE_ADDED', 'ana', 3000, { previousValue: { stages: ['staging'] }, newValue: { stages: ['staging', 'production'] } });

describe('version history', () => {
  it('merges the day groups of several versions into one list, newest first (ties by entry id), without duplicates', () => {
    const first = { 'January 1, 1970': [status1, created1] };
    const second = { 'January 1, 1970': [stage2, created2, created10] };
    expect(flattenHistory([first, second, first]).map((entry) => entry.id)).toEqual([stage2.id, status1.id, created2.id, created10.id, created1.id]);
    expect(flattenHistory([])).toEqual([]);
  });

  it('filters by version, kind of change and user, each alone and together', () => {
    const all = [stage2, status1, created2, created10, created1];
    expect(filterHistory(all, NO_HISTORY_FILTER)).toEqual(all);
    expect(filterHistory(all, { ...NO_HISTORY_FILTER, version: '1.0.0' })).toEqual([status1, created1]);
    expect(filterHistory(all, { ...NO_HISTORY_FILTER, action: 'MODEL_VERSION_CREATED' })).toEqual([created2, created10, created1]);
    expect(filterHistory(all, { ...NO_HISTORY_FILTER, userName: 'bob' })).toEqual([status1, created2]);
    expect(filterHistory(all, { version: '2.0.0', action: 'MODEL_VERSION_CREATED', userName: 'bob' })).toEqual([created2]);
    expect(filterHistory(all, { version: '2.0.0', action: 'MODEL_VERSION_STATUS_CHANGED', userName: '' })).toEqual([]);
  });

  it('offers the versions (in version order), kinds and users that occur', () => {
    expect(historyChoices([stage2, status1, created2, created10, created1])).toEqual({
      versions: ['1.0.0', '2.0.0', '10.0.0'],
      actions: ['MODEL_VERSION_CREATED', 'MODEL_VERSION_STATUS_CHANGED', 'MODEL_VERSION_STAGE_ADDED'],
      userNames: ['ana', 'bob'],
    });
  });

  it('says in one line what each kind of entry changed', () => {
    expect(describeChange(created2)).toBe('Created with status Development, stages staging');
    expect(describeChange(status1)).toBe('None → Production');
    expect(describeChange(stage2)).toBe('staging → staging, production');
    const comment = event('1.0.0', 'MODEL_VERSION_COMMENT_CHANGED', 'ana', 4000, { previousValue: { comment: '' }, newValue: { comment: 'ready' } });
    expect(describeChange(comment)).toBe('empty → “ready”');
    const metadata = event('1.0.0', 'MODEL_VERSION_METADATA_CHANGED', 'ana', 5000, {
      previousValue: { metadata: { lr: 0.1, owner: 'ana' } },
      newValue: { metadata: { lr: 0.2, data: { name: 'v2' } } },
    });
    expect(describeChange(metadata)).toBe('lr: 0.1 → 0.2; owner removed; data added ({"name":"v2"})');
    const deleted = event('1.0.0', 'MODEL_VERSION_DELETED', 'ana', 6000, { previousValue: { version: '1.0.0', status: 'Production', stages: ['production'] } });
    expect(describeChange(deleted)).toBe('Deleted (status Production, stages production)');
  });

  it('tells a service without the history endpoint (404, 501) from a failed read', () => {
    expect(isHistoryUnsupported({ status: 501 })).toBe(true);
    expect(isHistoryUnsupported({ status: 404 })).toBe(true);
    expect(isHistoryUnsupported({ status: 500 })).toBe(false);
    expect(isHistoryUnsupported({ status: 403 })).toBe(false);
    expect(isHistoryUnsupported({})).toBe(false);
  });
});
