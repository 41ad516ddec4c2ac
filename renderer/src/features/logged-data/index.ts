/** Views of logged data shared by the experiment page and the comparison: line charts, their controls, logged values. */
export { toPlotSeries, type ChartAxis, type PlotSeries } from './chart-data.ts';
export { ChartControls } from './chart-controls.tsx';
export { LineChart } from './line-chart.tsx';
export { ValueCell } from './value-cell.tsx';
