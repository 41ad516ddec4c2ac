import { describe, expect, it } from 'vitest';
import type { AnalysisRunsReply } from '../column-choice/column-choice.ts';
import { passingMask, spanOf } from './brush.ts';
import { dragPainter } from './drag-layers.ts';
import { buildParallelModel } from './parallel-model.ts';

const RUNS = 500;
/** A deterministic spread of values in [0, 1), with every 17th run missing one. */
const value = (run: number, salt: number) => (run % 17 === salt ? null : ((run * 7919 + salt * 104729) % 1000) / 1000);
const reply: AnalysisRunsReply = {
  keys: Array.from({ length: RUNS }, (_, run) => `k${run}`),
  names: Array.from({ length: RUNS }, () => null),
  tags: Array.from({ length: RUNS }, () => []),
  columns: [1, 2, 3].map((salt) => {
    const values = Array.from({ length: RUNS }, (_, run) => value(run, salt));
    return { kind: 'param' as const, name: `p${salt}`, last: values, min: values, max: values };
  }),
};
const choices = [1, 2, 3].map((salt) => ({ kind: 'param', name: `p${salt}`, stat: 'last' }) as const);
const model = buildParallelModel(reply, choices, null, new Set());
const box = { width: 400, height: 300, left: 10, right: 10, top: 10, bottom: 10 };
const ids = model.axes.map((axis) => axis.id);

describe('a brush dragged a frame at a time', () => {
  it('counts the runs inside the span from its anchor, as the brush kept at release lets through, other brushes included', () => {
    const others = { [ids[2] ?? '']: [0.2, 0.9] as const };
    const shown = Uint8Array.from({ length: RUNS }, (_, run) => (run % 5 === 0 ? 0 : 1));
    const base = passingMask(model.positions, ids, others).map((pass, run) => pass & (shown[run] ?? 0));
    for (const from of [0, 0.35, 0.5, 1]) {
      const painter = dragPainter(model, box, base, 1, from, { width: 400, height: 300 });
      for (const to of [0, 0.1, 0.35, 0.36, 0.5, 0.77, 1]) {
        const kept = passingMask(model.positions, ids, { ...others, [ids[1] ?? '']: spanOf(from, to) });
        const expected = kept.reduce((sum, pass, run) => sum + (pass & (shown[run] ?? 0)), 0);
        expect(painter.count(to), `from ${from} to ${to}`).toBe(expected);
      }
      painter.close();
    }
  });
});
