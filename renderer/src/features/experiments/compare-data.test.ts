import { describe, expect, it } from 'vitest';
import { comparableMetrics, experimentLabels, firstComparedMetrics, sourcesByMetric } from './compare-data.ts';
import { testRow } from './test-rows.ts';

const summary = (name: string) => ({ name, valueMax: '1', valueMin: '0', valueCurrent: '1', timestampMax: 0, timestampMin: 0, timestampCurrent: 0, runContextMax: null, runContextMin: null, runContextCurrent: null, editable: false });

describe('comparing experiments', () => {
  it('lists shared metrics first, system usage last, and charts the first two others', () => {
    const names = comparableMetrics([[summary('loss'), summary('sys.cpu'), summary('acc')], [summary('loss'), summary('sys.cpu')], undefined]);
    expect(names).toEqual(['loss', 'acc', 'sys.cpu']);
    expect(firstComparedMetrics(['sys.cpu'], [[summary('sys.cpu')]])).toEqual([]);
  });

  it('charts first the curves whose last values differ most, not a one-point metric such as process duration', () => {
    const logged = (name: string, valueCurrent: string, valueMin: string, valueMax: string) => ({ ...summary(name), valueCurrent, valueMin, valueMax });
    const lists = [
      [logged('loss', '0.2', '0.2', '1'), logged('process duration', '12', '12', '12'), logged('accuracy', '0.5', '0', '0.5'), logged('epoch', '10', '0', '10')],
      [logged('loss', '0.21', '0.21', '1.1'), logged('process duration', '300', '300', '300'), logged('accuracy', '0.9', '0', '0.9'), logged('epoch', '10', '0', '10')],
    ];
    expect(firstComparedMetrics(comparableMetrics(lists), lists)).toEqual(['accuracy', 'loss']);
  });

  it('labels experiments by name, by key start when unnamed, and tells shared names apart', () => {
    const rows = [{ key: 'aaaaaaaaa111', name: 'run' }, { key: 'bbbbbbbbb222', name: 'run' }, { key: 'ccccccccc333', name: null }, { key: 'ddd', name: 'solo' }];
    expect(experimentLabels(rows)).toEqual(['run (aaaaaaaaa)', 'run (bbbbbbbbb)', 'ccccccccc', 'solo']);
  });

  it('gives each experiment that logged a metric one line of its chart, keeping its colour where another has none', () => {
    const first = testRow('k1', { name: 'first' });
    const second = testRow('k2', { name: 'second' });
    const summaries = (...names: string[]) => names.map((name) => ({ name }) as never);
    const charted = sourcesByMetric([first, second], [summaries('loss'), summaries('loss', 'acc')], ['loss', 'acc']);
    expect(charted.get('loss')).toEqual([
      { experimentKey: 'k1', metricName: 'loss', label: 'first', colorIndex: 0 },
      { experimentKey: 'k2', metricName: 'loss', label: 'second', colorIndex: 1 },
    ]);
    expect(charted.get('acc')).toEqual([{ experimentKey: 'k2', metricName: 'acc', label: 'second', colorIndex: 1 }]);
  });
});
