/** The experiment-detail feature: one experiment's page, and the chart and value views the comparison reuses. */
export { ExperimentRoute } from './experiment-page.tsx';
export { toPlotSeries, type ChartAxis, type PlotSeries } from './chart-data.ts';
export { LineChart } from './line-chart.tsx';
export { ChartControls } from './chart-controls.tsx';
export { ValueCell } from './summaries-table.tsx';
