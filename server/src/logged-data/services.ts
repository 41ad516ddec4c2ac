import type { ExperimentServices } from '../experiments/index.ts';
import type { MetricInput } from './append.ts';
import type { LoggedDataStore } from './logged-data-store.ts';
import type { SeriesSampler } from './metrics/series-sampler.ts';
import type { TileKeeper } from './metrics/tile-keeper.ts';
import type { MetricTileStore } from './metrics/tile-store.ts';
import type { ThrottleGuard } from './throttle-guard.ts';

/** What the logged-data domain uses of the service. */
export interface LoggedDataServices extends ExperimentServices {
  /** Metrics, parameters, others, output, documents and tags logged to experiments. */
  loggedData: LoggedDataStore;
  /** The per-experiment logging limits. */
  throttle: ThrottleGuard;
  /** Pre-aggregated tiles of metric series (filled at read time, and by the tile keeper in quiet moments). */
  metricTiles: MetricTileStore;
  /** Metric series downsampled for charts, from the tiles. */
  seriesSampler: SeriesSampler;
  /** Tiles large metric series in the service's quiet moments (told of every metric append). */
  tileKeeper: TileKeeper;
  /** Told of every metric append once it committed (the alert rules evaluate it); settles before the reply. */
  metricsLogged: MetricsListener;
}

/** What is told of committed metric values: the experiment's row id and the values, in arrival order. */
export type MetricsListener = (experimentId: number, points: readonly MetricInput[]) => Promise<void>;
