import type { Experiment } from '../experiments/index.ts';
import type { RawValue } from '../logged-data/index.ts';
import type { AlertRule } from './rule-store.ts';

/** The kinds evaluated as metric values arrive. */
export const METRIC_KINDS = new Set(['threshold', 'nonFinite', 'noImprovement']);
/** The kinds the sweep evaluates (run ends, and silence of a metric). */
export const SWEPT_KINDS = new Set(['crashed', 'finished', 'stale']);

const NON_FINITE = /^\s*[-+]?(nan|inf|infinity)\s*$/i;

/** A logged value as a number: numbers as they are (NaN and ±Infinity included), numeric text parsed ("NaN", "inf" too); else undefined. */
export function numericValue(raw: RawValue): number | undefined {
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string') return undefined;
  if (NON_FINITE.test(raw)) return /nan/i.test(raw) ? Number.NaN : raw.trim().startsWith('-') ? -Infinity : Infinity;
  const parsed = raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** Whether a threshold rule's comparison holds for a value (never for NaN). */
export function crosses(rule: Pick<AlertRule, 'operator' | 'threshold'>, value: number): boolean {
  const threshold = rule.threshold ?? 0;
  switch (rule.operator) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    default:
      return false;
  }
}

/** Whether a rule watches a run: same workspace, its project (any for mine without one), mine only for runs I started, and its filters. */
export function watches(rule: AlertRule, experiment: Experiment): boolean {
  if (rule.workspaceId !== experiment.workspaceId) return false;
  if (rule.projectId !== null && rule.projectId !== experiment.projectId) return false;
  if (rule.ownerUserId !== null && experiment.userName !== rule.createdBy) return false;
  if (rule.experimentKey !== null && rule.experimentKey !== experiment.key) return false;
  return rule.nameContains === null || (experiment.name ?? '').toLowerCase().includes(rule.nameContains.toLowerCase());
}

/** A value as the feed and payloads show it. */
export const shownValue = (value: number): string => (Number.isNaN(value) ? 'NaN' : String(value));

/** The sentence saying what fired. */
export function describeFiring(rule: AlertRule, run: string, value: string | null): string {
  switch (rule.kind) {
    case 'crashed':
      return `Run ${run} crashed.`;
    case 'finished':
      return `Run ${run} finished.`;
    case 'stale':
      return `Run ${run} logged no ${rule.metricName} for ${rule.minutes} minutes.`;
    case 'threshold':
      return `Run ${run}: ${rule.metricName} = ${value} (${rule.operator} ${rule.threshold}).`;
    case 'nonFinite':
      return `Run ${run}: ${rule.metricName} became ${value}.`;
    case 'noImprovement':
      return `Run ${run}: ${rule.metricName} did not improve (${rule.direction === 'max' ? 'up' : 'down'}) for ${rule.steps} steps (best ${value}).`;
  }
}
