import type uPlot from 'uplot';
import { tickLabels } from '../tick-label.ts';

/** The scatter's x and y axes: titled (with "(log)" on a log axis), each tick labelled with the digits it needs. */
export const scatterAxes = (labels: { x: string; y: string }, logs: { x: boolean; y: boolean }): uPlot.Axis[] => [
  { label: labels.x + (logs.x ? ' (log)' : ''), values: tickLabels },
  { label: labels.y + (logs.y ? ' (log)' : ''), values: tickLabels },
];
