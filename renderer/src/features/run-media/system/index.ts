/** The System tab's charts of the run's system usage. */
export { SystemCharts } from './system-charts.tsx';
