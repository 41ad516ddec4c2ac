import { readChoice, type ColumnChoice } from '../column-choice/column-choice.ts';

/** How many parameters a new chart shows before the user picks. */
const DEFAULT_PARAMS = 7;

/** A parallel coordinates panel's settings: the parameter axes, the metric axis (which colours the lines), the log axes. */
export interface ParallelSettings {
  params: ColumnChoice[];
  metric: ColumnChoice | null;
  /** Axis ids drawn on a log scale. */
  log: string[];
  /** False until the user (or the defaults) picked the axes. */
  picked: boolean;
}

/** The settings read back from a saved panel (anything unreadable left out). */
export function readParallelSettings(settings: Record<string, unknown>): ParallelSettings {
  const params = Array.isArray(settings.params) ? settings.params.map(readChoice).filter((choice) => choice?.kind === 'param') : [];
  const log = Array.isArray(settings.log) ? settings.log.filter((id): id is string => typeof id === 'string') : [];
  return { params: params as ColumnChoice[], metric: readChoice(settings.metric), log, picked: Array.isArray(settings.params) };
}

/** The first settings of a new chart: the project's first parameters and its first metric's last value. */
export const defaultParallelSettings = (params: readonly ColumnChoice[], metrics: readonly ColumnChoice[]): Record<string, unknown> => ({
  params: params.slice(0, DEFAULT_PARAMS),
  metric: metrics[0] ?? null,
  log: [],
});

/** The columns a parallel coordinates panel shows, its metric last. */
export const parallelChoices = (settings: Record<string, unknown>): ColumnChoice[] => {
  const { params, metric } = readParallelSettings(settings);
  return metric ? [...params, metric] : params;
};
