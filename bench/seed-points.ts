import { createExperimentStore } from '../server/src/experiments/experiment-store.ts';
import type { MetricInput } from '../server/src/logged-data/append.ts';
import { createLoggedValueStore } from '../server/src/logged-data/values.ts';
import type { Sql } from '../server/src/database/sql.ts';

/** The metric points the read benchmarks read: `metrics` metrics (`metric_000`…) × `steps` steps in one experiment. */
export interface PointsShape {
  metrics: number;
  steps: number;
}

/**
 * Inserts the points straight through the storage module, one transaction per metric (`steps` points), into the
 * experiment `experimentKey` of an open database of either backend; resolves with the milliseconds it took.
 */
export async function seedMetricPoints(sql: Sql, experimentKey: string, shape: PointsShape): Promise<number> {
  const experimentId = (await createExperimentStore(sql).byKey(experimentKey))?.id;
  if (experimentId === undefined) throw new Error('bench experiment missing');
  const values = createLoggedValueStore(sql);
  const started = performance.now();
  for (let metric = 0; metric < shape.metrics; metric += 1) {
    const name = `metric_${String(metric).padStart(3, '0')}`;
    const points: MetricInput[] = Array.from({ length: shape.steps }, (_, step) => ({
      name,
      value: Math.sin(step / 100) + metric,
      step,
      epoch: Math.floor(step / 1000),
      timestamp: 1_700_000_000_000 + step * 100,
      context: null,
    }));
    await values.appendMetrics(experimentId, points, Infinity);
  }
  return performance.now() - started;
}
