import { areaUnderCurve, curveKind, type Curve, type CurveKind } from '../../../../../shared/media/curve.ts';

/** The axis titles and area name of a ROC or precision–recall curve. */
const KINDS: Record<CurveKind, { x: string; y: string; area: string }> = {
  roc: { x: 'False positive rate', y: 'True positive rate', area: 'ROC AUC' },
  pr: { x: 'Recall', y: 'Precision', area: 'PR AUC' },
};

/** What the tab says about one logged curve: its kind, its area (ROC and PR curves only), its axis titles. */
export interface CurveSummary {
  readonly kind: CurveKind | undefined;
  readonly area: number | undefined;
  readonly areaName: string | undefined;
  readonly xLabel: string;
  readonly yLabel: string;
}

/** Summarises a curve: the area under it where it is a ROC or PR curve (see `curveKind`: by name, else by its data). */
export function summariseCurve(curve: Curve): CurveSummary {
  const kind = curveKind(curve);
  const named = kind ? KINDS[kind] : undefined;
  return { kind, area: kind ? areaUnderCurve(curve) : undefined, areaName: named?.area, xLabel: named?.x ?? 'x', yLabel: named?.y ?? 'y' };
}

/** An area as shown: three decimals. */
export const formatArea = (area: number): string => area.toFixed(3);
