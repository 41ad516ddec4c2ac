import { metadataDiff, type MetadataChange, type MetadataDocument } from '../metadata-diff.ts';
import { metricDirection, type MetricDirection } from '../metric-direction.ts';

/** A logged value's summary as the service reads it (metrics and parameters): values are strings. */
export interface ValueSummary {
  name: string;
  valueCurrent: string;
  valueMin: string;
  valueMax: string;
  stepCurrent?: number | null | undefined;
  stepMin?: number | null | undefined;
  stepMax?: number | null | undefined;
}

/** One model file of a version: name, size and (when it could be computed) its SHA-256. */
export interface ModelFile {
  fileName: string;
  fileSize: number;
  sha256: string | null;
}

/** Everything the comparison needs of one version. */
export interface VersionFacts {
  registryModelItemId: string;
  version: string;
  status: string;
  stages: readonly string[];
  experimentKey: string;
  experimentModelName: string;
  metrics: readonly ValueSummary[];
  parameters: readonly ValueSummary[];
  files: readonly ModelFile[];
  tags: readonly string[];
  metadata: MetadataDocument;
}

/** A value with the step it was logged at (null when logged without one). */
export interface SteppedValue {
  value: string;
  step: number | null;
}

/** One metric of either version: its last and best values, and which way is better (null, and no best, where that is not known). */
export interface MetricRow {
  name: string;
  better: MetricDirection;
  candidate: { last: SteppedValue; best: SteppedValue | null } | null;
  current: { last: SteppedValue; best: SteppedValue | null } | null;
}

/** One parameter of either version, and whether the two differ. */
export interface ParameterRow {
  name: string;
  candidate: string | null;
  current: string | null;
  differs: boolean;
}

/** What became of one model file between the current holder and the candidate. */
export interface FileRow {
  fileName: string;
  change: 'added' | 'removed' | 'changed' | 'same';
  candidate: ModelFile | null;
  current: ModelFile | null;
}

/** The comparison of a candidate version with the version holding the stage or status now (null when nobody does). */
export interface Comparison {
  metrics: MetricRow[];
  parameters: ParameterRow[];
  files: FileRow[];
  tags: { added: string[]; removed: string[]; kept: string[] };
  metadata: MetadataChange[];
  status: { candidate: string; current: string | null };
}

const stepOf = (step: number | null | undefined): number | null => step ?? null;

function metricValues(summary: ValueSummary | undefined, better: MetricDirection) {
  if (!summary) return null;
  const best = better === null ? null : better === 'lower' ? { value: summary.valueMin, step: stepOf(summary.stepMin) } : { value: summary.valueMax, step: stepOf(summary.stepMax) };
  return { last: { value: summary.valueCurrent, step: stepOf(summary.stepCurrent) }, best };
}

const byName = <T extends { name: string }>(items: readonly T[]) => new Map(items.map((item) => [item.name, item]));
const namesOf = (...lists: readonly (readonly { name: string }[])[]): string[] =>
  [...new Set(lists.flatMap((list) => list.map((item) => item.name)))].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));

/** Both versions' metrics by name: last and best, with their steps. */
export function compareMetrics(candidate: readonly ValueSummary[], current: readonly ValueSummary[]): MetricRow[] {
  const mine = byName(candidate);
  const theirs = byName(current);
  return namesOf(candidate, current).map((name) => {
    const better = metricDirection(name);
    return { name, better, candidate: metricValues(mine.get(name), better), current: metricValues(theirs.get(name), better) };
  });
}

/** Both versions' parameters by name, those that differ first. */
export function compareParameters(candidate: readonly ValueSummary[], current: readonly ValueSummary[]): ParameterRow[] {
  const mine = byName(candidate);
  const theirs = byName(current);
  const rows = namesOf(candidate, current).map((name) => {
    const a = mine.get(name)?.valueCurrent ?? null;
    const b = theirs.get(name)?.valueCurrent ?? null;
    return { name, candidate: a, current: b, differs: a !== b };
  });
  return [...rows.filter((row) => row.differs), ...rows.filter((row) => !row.differs)];
}

const sameFile = (a: ModelFile, b: ModelFile): boolean => a.fileSize === b.fileSize && (a.sha256 === null || b.sha256 === null || a.sha256 === b.sha256);

/** The model files by name: added (candidate only), removed (current only), changed (size or checksum), then the same ones. */
export function compareFiles(candidate: readonly ModelFile[], current: readonly ModelFile[]): FileRow[] {
  const mine = new Map(candidate.map((file) => [file.fileName, file]));
  const theirs = new Map(current.map((file) => [file.fileName, file]));
  const names = [...new Set([...mine.keys(), ...theirs.keys()])].sort();
  const rows = names.map((fileName): FileRow => {
    const a = mine.get(fileName) ?? null;
    const b = theirs.get(fileName) ?? null;
    const change = !b ? 'added' : !a ? 'removed' : sameFile(a, b) ? 'same' : 'changed';
    return { fileName, change, candidate: a, current: b };
  });
  const order: FileRow['change'][] = ['added', 'removed', 'changed', 'same'];
  return order.flatMap((change) => rows.filter((row) => row.change === change));
}

/** Tags the candidate has that the current holder lacks (added), the reverse (removed), and the shared ones. */
export function compareTags(candidate: readonly string[], current: readonly string[]) {
  return {
    added: candidate.filter((tag) => !current.includes(tag)),
    removed: current.filter((tag) => !candidate.includes(tag)),
    kept: candidate.filter((tag) => current.includes(tag)),
  };
}

/** The whole comparison; with no current holder, the candidate is compared with nothing (everything is "added"). */
export function compareVersions(candidate: VersionFacts, current: VersionFacts | null): Comparison {
  return {
    metrics: compareMetrics(candidate.metrics, current?.metrics ?? []),
    parameters: compareParameters(candidate.parameters, current?.parameters ?? []),
    files: compareFiles(candidate.files, current?.files ?? []),
    tags: compareTags(candidate.tags, current?.tags ?? []),
    metadata: metadataDiff(current?.metadata ?? {}, candidate.metadata),
    status: { candidate: candidate.status, current: current?.status ?? null },
  };
}

/** "0.93 (step 120)", or the value alone when it was logged without a step. */
export function steppedText(value: SteppedValue): string {
  return value.step === null ? value.value : `${value.value} (step ${value.step})`;
}
