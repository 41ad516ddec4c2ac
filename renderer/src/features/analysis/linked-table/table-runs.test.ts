import { describe, expect, it } from 'vitest';
import type { AnalysisRunsReply } from '../column-choice/column-choice.ts';
import { tableRuns } from './table-runs.ts';

const everyRun = { keys: ['a', 'b', 'c'], names: ['a', 'b', 'c'], columns: [] } as unknown as AnalysisRunsReply;

describe('the linked table while the service refuses the filter', () => {
  it('shows no runs and the refusal, not the runs an earlier read left', () => {
    expect(tableRuns(everyRun, { message: 'Unknown column "metrics.nope".' })).toEqual({ data: undefined, refusal: 'Unknown column "metrics.nope".' });
  });

  it('shows the runs read when the filter is accepted', () => {
    expect(tableRuns(everyRun, null)).toEqual({ data: everyRun, refusal: null });
  });
});
