import { describe, expect, it } from 'vitest';
import { parseStageHistory, stageHistoryKey, type StageHistoryEntry } from './stage-history.ts';

const entry = (at: number): StageHistoryEntry => ({
  at,
  userName: 'alice',
  workspaceName: 'team',
  registryModelId: 'm',
  modelName: 'classifier',
  registryModelItemId: 'v',
  version: '1.0.0',
  before: ['staging'],
  after: ['production'],
});

describe('local stage history', () => {
  it('is kept per profile under its own key and reads back what was written', () => {
    expect(stageHistoryKey('local')).toBe('trackdesk-stage-history/local');
    localStorage.setItem(stageHistoryKey('local'), JSON.stringify([entry(1), entry(2)]));
    expect(parseStageHistory(localStorage.getItem(stageHistoryKey('local')))).toEqual([entry(1), entry(2)]);
    expect(parseStageHistory(localStorage.getItem(stageHistoryKey('other')))).toEqual([]);
  });

  it('reads a damaged value as empty rather than failing', () => {
    expect(parseStageHistory('{not json')).toEqual([]);
    expect(parseStageHistory('[{"at":"yesterday"}]')).toEqual([]);
  });
});
