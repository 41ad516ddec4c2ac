import { describe, expect, it } from 'vitest';
import { columnsOf, type AnalysisRunsReply, type ColumnChoice } from '../column-choice/column-choice.ts';
import { parallelDefaults } from './parallel-defaults.ts';

const param = (name: string): ColumnChoice => ({ kind: 'param', name, stat: 'last' });
const column = (kind: 'param' | 'metric', name: string, last: (number | string | null)[]) => ({ kind, name, last, min: last, max: last });

/** Four runs: `lr` over three decades, `batch` two values, `seed` four, `fixed` one; loss read as the metric. */
const reply = {
  keys: ['a', 'b', 'c', 'd'],
  names: ['a', 'b', 'c', 'd'],
  columns: [
    column('param', 'batch', [32, 64, 32, 64]),
    column('param', 'fixed', [1, 1, 1, 1]),
    column('param', 'lr', [1e-5, 1e-4, 1e-3, 1e-2]),
    column('param', 'opt', ['adam', 'sgd', 'adam', null]),
    column('param', 'seed', [1, 2, 3, 4]),
    column('param', 'p1', [1, 2, 3, 4]),
    column('param', 'p2', [1, 2, 3, 4]),
    column('param', 'p3', [1, 2, 3, 4]),
    column('metric', 'loss', [0.001, 0.5, 2, 3]),
  ],
} as unknown as AnalysisRunsReply;

describe('a new parallel chart', () => {
  it('starts with the parameters that vary most (up to six), the metric given, and log axes over more than two decades', () => {
    const params = ['batch', 'fixed', 'lr', 'opt', 'seed', 'p1', 'p2', 'p3'].map(param);
    const loss: ColumnChoice = { kind: 'metric', name: 'loss', stat: 'min' };
    const settings = parallelDefaults(reply, params, loss);
    expect((settings.params as ColumnChoice[]).map((choice) => choice.name)).toEqual(['lr', 'seed', 'p1', 'p2', 'p3', 'batch']);
    expect(settings.metric).toEqual(loss);
    expect(settings.log).toEqual(['param:lr', 'metric:loss:min']);
  });

  it('leaves out parameters that do not vary and puts no axis ≤ 0 on a log scale', () => {
    const flat = { ...reply, columns: [column('param', 'fixed', [1, 1, 1, 1]), column('param', 'shift', [-1, 0, 10, 1000])] } as unknown as AnalysisRunsReply;
    expect(parallelDefaults(flat, [param('fixed'), param('shift')], null)).toEqual({ params: [param('shift')], metric: null, log: [] });
    const single = { keys: ['a'], names: ['a'], columns: [column('param', 'lr', [0.1]), column('param', 'none', [null])] } as unknown as AnalysisRunsReply;
    expect(parallelDefaults(single, [param('none'), param('lr')], null)).toEqual({ params: [param('lr')], metric: null, log: [] });
  });
});

describe('the columns a new chart reads', () => {
  it('are the same read whichever order its axes were picked in', () => {
    const picked = [param('lr'), param('batch'), { kind: 'metric', name: 'acc', stat: 'last' } as ColumnChoice];
    expect(columnsOf(picked)).toEqual(columnsOf([...picked].reverse()));
    expect(columnsOf(picked)).toEqual([
      { kind: 'metric', name: 'acc' },
      { kind: 'param', name: 'batch' },
      { kind: 'param', name: 'lr' },
    ]);
  });
});
