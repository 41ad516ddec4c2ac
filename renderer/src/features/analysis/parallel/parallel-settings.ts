import { columnsOf, readChoice, type ColumnChoice, type ProjectChoices } from '../column-choice/column-choice.ts';
import { startingMetric } from '../importance/starting-metric.ts';

/** `ext.analysisRuns` reads at most 64 columns: a new chart weighs this many parameters, and its metric. */
const PROBED_PARAMS = 63;

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

/** What a new chart reads to pick its first axes (see `parallelDefaults`): the parameters to weigh and its metric, the one the table sorts by, else the first. */
export interface ParallelProbe {
  params: ColumnChoice[];
  metric: ColumnChoice | null;
}

/** The probe of a new chart in a project with `choices`, its table sorted by `tableSort` (as kept). */
export function parallelProbe(choices: ProjectChoices, tableSort: unknown): ParallelProbe {
  const start = startingMetric(
    choices.metrics.map((choice) => choice.name),
    tableSort,
  );
  return { params: choices.params.slice(0, PROBED_PARAMS), metric: start ? { kind: 'metric', name: start.metric, stat: start.summary } : null };
}

/** The columns a probe reads. */
export const probeColumns = (probe: ParallelProbe) => columnsOf(probe.metric ? [...probe.params, probe.metric] : probe.params);

/** The columns a parallel coordinates panel shows, its metric last. */
export const parallelChoices = (settings: Record<string, unknown>): ColumnChoice[] => {
  const { params, metric } = readParallelSettings(settings);
  return metric ? [...params, metric] : params;
};
