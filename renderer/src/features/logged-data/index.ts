/** Views of logged data shared by the experiment page and the comparison: metric charts, their controls, logged values. */
export { type ChartAxis } from './chart-data.ts';
export { ChartControls } from './chart-controls.tsx';
export { MetricChart } from './metric-chart.tsx';
export { appendLivePoints, type SeriesMerge, type SeriesQuery, type SeriesReply } from './series-data.ts';
export { seriesQueryOptions, type SeriesSource } from './use-metric-series.ts';
export { ValueCell } from './value-cell.tsx';
