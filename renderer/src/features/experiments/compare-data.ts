import type { ApiReply } from '../../lib/api.ts';
import { rankMetrics } from '../analysis/line/default-metric.ts';
import type { SeriesSource } from '../logged-data/index.ts';
import type { ExperimentRow } from './experiment-row.ts';

/** The most experiments compared at once (one chart colour each). */
export const MAX_COMPARED = 8;

/** How many metrics are charted when the comparison opens. */
const FIRST_COMPARED = 2;

type Summaries = ApiReply<'getMetricSummaries'>['values'];

/**
 * How each experiment is named in legends and table rows: its name, else the start of its key; a name
 * that several of them share gets the start of the key added, so every label is distinct.
 */
export function experimentLabels(rows: readonly Pick<ExperimentRow, 'key' | 'name'>[]): string[] {
  const names = rows.map((row) => row.name || row.key.slice(0, 9));
  return names.map((name, index) => (names.indexOf(name) !== names.lastIndexOf(name) ? `${name} (${rows[index]?.key.slice(0, 9)})` : name));
}

/**
 * Every metric name logged by any of the experiments: the ones most experiments share first, system
 * usage (`sys.`) after the others, then by name.
 */
export function comparableMetrics(summaryLists: readonly (Summaries | undefined)[]): string[] {
  const counts = new Map<string, number>();
  for (const list of summaryLists) for (const { name } of list ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
  const system = (name: string) => (name.startsWith('sys.') ? 1 : 0);
  return [...counts.keys()].sort((a, b) => system(a) - system(b) || (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b));
}

/**
 * The metrics charted at first: of the non-system ones of `comparableMetrics`, those logged as a curve (more than one
 * point) whose last values differ most between the experiments (`rankMetrics`).
 */
export function firstComparedMetrics(names: readonly string[], summaryLists: readonly (Summaries | undefined)[]): string[] {
  const metrics = names
    .filter((name) => !name.startsWith('sys.'))
    .map((name) => {
      const found = summaryLists.map((list) => list?.find((summary) => summary.name === name));
      const curve = found.some((summary) => summary !== undefined && (summary.valueMin !== summary.valueMax || (summary.stepMin ?? null) !== (summary.stepMax ?? null)));
      return { name, curve, last: found.map((summary) => (summary === undefined ? null : Number(summary.valueCurrent))) };
    });
  return rankMetrics(metrics).slice(0, FIRST_COMPARED);
}

/** For each metric, one chart line per experiment that logged it, named by the experiment and coloured by its position. */
export function sourcesByMetric(
  experiments: readonly ExperimentRow[],
  summaryLists: readonly (Summaries | undefined)[],
  metrics: readonly string[],
): Map<string, SeriesSource[]> {
  const labels = experimentLabels(experiments);
  return new Map(
    metrics.map((metricName) => [
      metricName,
      experiments.flatMap((experiment, colorIndex) =>
        summaryLists[colorIndex]?.some((summary) => summary.name === metricName)
          ? [{ experimentKey: experiment.key, metricName, label: labels[colorIndex] ?? experiment.key, colorIndex }]
          : [],
      ),
    ]),
  );
}

/** One parameter across the compared experiments: its value in each ("" where one has none), and whether they differ. */
export interface ParameterRow {
  name: string;
  values: string[];
  differs: boolean;
}

/** The parameters of the compared experiments side by side: those whose values differ first, then by name. */
export function parameterRows(parameterLists: readonly (Summaries | undefined)[]): ParameterRow[] {
  const names = [...new Set(parameterLists.flatMap((list) => (list ?? []).map((item) => item.name)))];
  const rows = names.map((name) => {
    const values = parameterLists.map((list) => list?.find((item) => item.name === name)?.valueCurrent ?? '');
    return { name, values, differs: values.some((value) => value !== values[0]) };
  });
  return rows.sort((a, b) => Number(b.differs) - Number(a.differs) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
