import { describe, expect, it } from 'vitest';
import { comparableMetrics, experimentLabels, firstComparedMetrics, seriesByMetric } from './compare-data.ts';
import { testRow } from './test-rows.ts';

const summary = (name: string) => ({ name, valueMax: '1', valueMin: '0', valueCurrent: '1', timestampMax: 0, timestampMin: 0, timestampCurrent: 0, runContextMax: null, runContextMin: null, runContextCurrent: null, editable: false });

describe('comparing experiments', () => {
  it('lists shared metrics first, system usage last, and charts the first two others', () => {
    const names = comparableMetrics([[summary('loss'), summary('sys.cpu'), summary('acc')], [summary('loss'), summary('sys.cpu')], undefined]);
    expect(names).toEqual(['loss', 'acc', 'sys.cpu']);
    expect(firstComparedMetrics(names)).toEqual(['loss', 'acc']);
    expect(firstComparedMetrics(['sys.cpu'])).toEqual([]);
  });

  it('labels experiments by name, by key start when unnamed, and tells shared names apart', () => {
    const rows = [{ key: 'aaaaaaaaa111', name: 'run' }, { key: 'bbbbbbbbb222', name: 'run' }, { key: 'ccccccccc333', name: null }, { key: 'ddd', name: 'solo' }];
    expect(experimentLabels(rows)).toEqual(['run (aaaaaaaaa)', 'run (bbbbbbbbb)', 'ccccccccc', 'solo']);
  });

  it('gives each experiment one series per metric, keeping its colour where another has none', () => {
    const first = testRow('k1', { name: 'first' });
    const second = testRow('k2', { name: 'second' });
    const series = (metricName: string, values: number[]) => ({ metricName, values, steps: values.map((_, step) => step), epochs: values.map(() => null), timestamps: values.map((_, step) => 1000 + step), durations: values.map(() => 0) });
    const reply = { experiments: { k1: { metrics: [series('loss', [3, 2])] }, k2: { metrics: [series('loss', [5]), series('acc', [0.5])] } } };
    const charted = seriesByMetric(reply as never, [first, second], ['loss', 'acc'], 'step');
    expect(charted.get('loss')).toEqual([
      { name: 'first', points: [[0, 3], [1, 2]], colorIndex: 0 },
      { name: 'second', points: [[0, 5]], colorIndex: 1 },
    ]);
    expect(charted.get('acc')).toEqual([{ name: 'second', points: [[0, 0.5]], colorIndex: 1 }]);
  });
});
