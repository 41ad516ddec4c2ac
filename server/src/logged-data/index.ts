/** The logged-data domain (metrics, parameters, others, output, documents and tags, with metric series and tiles): what other domains and the process may use of it. */
export type { MetricInput } from './append.ts';
export { createExperimentClientHandlers } from './experiment-client-handlers.ts';
export { createLoggedDataStore } from './logged-data-store.ts';
export { createLoggingHandlers } from './logging-handlers.ts';
export { appendMetrics, experimentIdFor, throttledWrite, toSummaryRecord } from './logging-support.ts';
export { seqAt, unpackPoints } from './metrics/point-chunks.ts';
export { createPointRangeReader } from './metrics/point-ranges.ts';
export { createMetricSeriesHandlers } from './metrics/series-handlers.ts';
export { createSeriesSampler } from './metrics/series-sampler.ts';
export { createTileKeeper } from './metrics/tile-keeper.ts';
export type { TileKeeperOptions } from './metrics/tile-keeper.ts';
export { createMetricTileStore } from './metrics/tile-store.ts';
export type { LoggedDataServices, MetricsListener } from './services.ts';
export { loggedPoint, numberOf } from './summary.ts';
export type { RawValue } from './summary.ts';
export { createThrottleGuard } from './throttle-guard.ts';
