export { ExperimentPage, ExperimentRoute } from './experiment-page.tsx';
export { toPlotSeries, type ChartAxis, type PlotSeries } from './chart-data.ts';
export { LineChart } from './line-chart.tsx';
export { ChartControls } from './chart-controls.tsx';
export { ValueCell } from './summaries-table.tsx';
