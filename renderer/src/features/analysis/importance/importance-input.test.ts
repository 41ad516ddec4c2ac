import { describe, expect, it } from 'vitest';
import type { ApiReply } from '../../../lib/api.ts';
import { caveatLines } from './importance-caveats.tsx';
import { computeImportance } from './compute-importance.ts';
import { importanceInput } from './importance-input.ts';
import { metricAndParameterNames } from './project-names.ts';

const reply: ApiReply<'getAnalysisRuns'> = {
  keys: ['a', 'b', 'c'],
  names: ['one', null, 'three'],
  tags: [[], [], []],
  columns: [
    { kind: 'metric', name: 'loss', last: [0.5, null, 0.2], min: [0.4, null, 0.1], max: [0.9, null, 0.8] },
    { kind: 'param', name: 'lr', last: [0.1, 0.2, 0.3], min: [0.1, 0.2, 0.3], max: [0.1, 0.2, 0.3] },
  ],
};

describe('importanceInput', () => {
  it('reads the chosen summary of the metric and the parameters’ last values, over the runs passing the brushes', () => {
    expect(importanceInput(reply, 'min', null)).toEqual({ metric: [0.4, null, 0.1], parameters: [{ name: 'lr', values: [0.1, 0.2, 0.3] }] });
    expect(importanceInput(reply, 'last', new Set(['c', 'a']))).toEqual({ metric: [0.5, 0.2], parameters: [{ name: 'lr', values: [0.1, 0.3] }] });
  });
  it('answers nothing when the first column is not a metric', () => {
    expect(importanceInput({ ...reply, columns: reply.columns.slice(1) }, 'last', null)).toBeNull();
  });
});

describe('caveatLines', () => {
  it('counts the scored and left-out runs, says when there are too few for a forest, and names skipped parameters', () => {
    const result = computeImportance({ metric: [1, 2, null, 3], parameters: [{ name: 'lr', values: [1, 2, 3, 4] }, { name: 'batch', values: [8, 8, 8, 8] }] });
    expect(caveatLines(result, 'loss (last)')).toEqual([
      'Scored over 3 runs with a value of loss (last); 1 run without one left out.',
      'Fewer than 5 runs have loss (last): only correlations are shown. Log more runs to see importance.',
      'Left out: batch (the same in every run).',
      'Correlation and importance show association, not cause: a parameter changed together with something unlogged can look important.',
    ]);
  });
});

describe('metricAndParameterNames', () => {
  it('lists the metrics and parameters of a project once each, sorted', () => {
    const columns = [
      { name: 'loss', source: 'metrics', type: 'double' },
      { name: 'lr', source: 'params', type: 'double' },
      { name: 'acc', source: 'metrics', type: 'double' },
      { name: 'lr', source: 'params', type: 'string' },
      { name: 'host', source: 'env_details', type: 'string' },
    ] as const;
    expect(metricAndParameterNames(columns.map((column) => ({ ...column })))).toEqual({ metrics: ['acc', 'loss'], parameters: ['lr'] });
  });
});
