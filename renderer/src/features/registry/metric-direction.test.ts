import { describe, expect, it } from 'vitest';
import { directionText, metricDirection, worseMetrics, worseText } from './metric-direction.ts';

const row = (name: string, candidate: string | null, current: string | null) => ({
  name,
  better: metricDirection(name),
  candidate: candidate === null ? null : { last: { value: candidate } },
  current: current === null ? null : { last: { value: current } },
});

describe('which way a metric is better', () => {
  it('judges losses and errors lower, scores higher, from the words of the name', () => {
    for (const name of ['loss', 'val_loss', 'train/loss', 'error_rate', 'top1_error', 'val_mse', 'RMSE', 'valLoss', 'perplexity', 'nll']) expect(metricDirection(name), name).toBe('lower');
    for (const name of ['accuracy', 'val_acc', 'valAccuracy', 'f1', 'macro_f1', 'auc', 'roc_auc', 'precision', 'recall@10', 'bleu', 'mAP', 'top5']) expect(metricDirection(name), name).toBe('higher');
  });

  it('makes no judgement on system metrics and on names that do not say', () => {
    for (const name of ['sys.gpu.0.used_memory', 'sys.cpu.percent.avg', 'sys.load.avg', 'sys_accuracy', 'epoch_duration', 'lr', 'throughput', 'grad_norm', 'batch_time', 'mapping_size']) {
      expect(metricDirection(name), name).toBeNull();
    }
    expect(directionText(null)).toBeNull();
    expect(directionText('lower')).toBe('lower is better');
  });
});

describe('the metrics that got worse', () => {
  it('names the metrics whose last value moved the wrong way, only where the direction is known and both sides are numbers', () => {
    const rows = [row('val_loss', '0.48', '0.42'), row('accuracy', '0.93', '0.79'), row('f1', '0.5', '0.7'), row('sys.gpu.0.used_memory', '900', '100'), row('lr', '0.1', '0.01'), row('auc', null, '0.9'), row('recall', 'NaN', '0.4')];
    const worse = worseMetrics(rows);
    expect(worse).toEqual([
      { name: 'val_loss', direction: 'lower', candidate: '0.48', current: '0.42' },
      { name: 'f1', direction: 'higher', candidate: '0.5', current: '0.7' },
    ]);
    expect(worseText(worse, '2.0.0', '1.0.0')).toBe('Worse in 2.0.0 than in 1.0.0: val_loss 0.42 → 0.48 (lower is better); f1 0.7 → 0.5 (higher is better).');
    expect(worseText([], '2.0.0', '1.0.0')).toBe('No metric with a known direction is worse in 2.0.0 than in 1.0.0.');
  });
});
