/** What the x axis shows: the step, or the wall-clock time of each point. */
export type ChartAxis = 'step' | 'time';
