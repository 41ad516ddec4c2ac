import type { AssetRecord } from '../../assets/asset-record.ts';

/** One logged file of a named media series: its step (null when logged without one) and its asset. */
export interface MediaStep {
  readonly step: number | null;
  readonly asset: AssetRecord;
}

/** The files logged under one name (e.g. every step of the histogram `weights`), in step order. */
export interface MediaSeries {
  readonly name: string;
  readonly steps: readonly MediaStep[];
}

/** Orders steps, files logged without a step first. */
const byStep = (a: MediaStep, b: MediaStep): number => (a.step ?? -1) - (b.step ?? -1) || a.asset.createdAt - b.asset.createdAt;

/** The run's assets of one type, grouped by file name (names sorted), each name's files in step order. */
export function mediaSeries(assets: readonly AssetRecord[], type: string): MediaSeries[] {
  const byName = new Map<string, MediaStep[]>();
  for (const asset of assets) {
    if (asset.type !== type) continue;
    const steps = byName.get(asset.fileName) ?? [];
    steps.push({ step: asset.step, asset });
    byName.set(asset.fileName, steps);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, steps]) => ({ name, steps: steps.sort(byStep) }));
}

/** The index of the step to open: the focused step if logged, else the last one. */
export function initialStepIndex(series: MediaSeries, step: number | undefined): number {
  const focused = step === undefined ? -1 : series.steps.findIndex((one) => one.step === step);
  return focused >= 0 ? focused : Math.max(0, series.steps.length - 1);
}

/** A step as shown: "step 3", or "no step". */
export const stepLabel = (step: number | null): string => (step === null ? 'no step' : `step ${step}`);
