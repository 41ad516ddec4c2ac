import { compactJson } from '../metadata-diff.ts';
import { directionText, worseMetrics, worseText } from '../metric-direction.ts';
import { steppedText, type Comparison, type MetricRow, type VersionFacts } from './comparison.ts';
import type { WebhookTarget } from './webhooks-to-fire.ts';

/** A decision on the change: made at once, requested, approved, rejected, cancelled or failed, by whom, when and why. */
export interface EvidenceDecision {
  outcome: string;
  by: string | null;
  at: number | null;
  comment: string;
}

/** One line of the model's history or of a request's life, already in words. */
export interface EvidenceEvent {
  at: number;
  version: string;
  what: string;
  who: string;
  comment: string;
}

/** The comparison as the service recorded it with the request at one moment (filed or decided), with what it left out. */
export interface RecordedMoment {
  moment: 'filed' | 'decided';
  state: string;
  capturedAt: number;
  capturedBy: string;
  candidate: VersionFacts;
  current: VersionFacts | null;
  comparison: Comparison;
  /** What the service left out to keep the record bounded, in words (empty when nothing). */
  leftOut: string[];
}

/**
 * What an evidence export records: the change, both versions compared, the webhooks, the policy, the decision, approvals and
 * history. With `recorded` moments (a request's stored evidence) the comparison sections come from them, not from a re-read.
 */
export interface EvidenceRecord {
  workspaceName: string;
  modelName: string;
  change: { kind: 'stage' | 'status'; value: string };
  generatedAt: number;
  candidate: VersionFacts;
  current: VersionFacts | null;
  comparison: Comparison;
  webhooks: readonly WebhookTarget[];
  policy: string;
  decision: EvidenceDecision | null;
  approvals: readonly EvidenceEvent[];
  history: readonly EvidenceEvent[];
  deliveries: readonly { url: string; eventType: string; status: string; responseCode: number | null }[];
  recorded?: readonly RecordedMoment[];
}

/** A table of plain-text cells (renderers escape them). */
export interface EvidenceTable {
  columns: string[];
  rows: string[][];
}

/** A titled part of the document: plain-text paragraphs, then an optional table. */
export interface EvidenceSection {
  title: string;
  paragraphs: string[];
  table?: EvidenceTable;
}

/** The document both exports render: a title and sections, all plain text. */
export interface EvidenceDocument {
  title: string;
  sections: EvidenceSection[];
}

const time = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'));
const orDash = (text: string | null | undefined): string => (text === null || text === undefined || text === '' ? '—' : text);
const sideText = (values: MetricRow['candidate'], which: 'last' | 'best'): string => {
  const value = values?.[which];
  return value ? steppedText(value) : '—';
};

/** Both versions and their comparison: the live one, or one recorded moment (`prefix` names it in every title). */
type Compared = Pick<RecordedMoment, 'candidate' | 'current' | 'comparison'>;

function versionsSection(pair: Compared, change: EvidenceRecord['change'], prefix: string): EvidenceSection {
  const { candidate, current } = pair;
  const line = (facts: VersionFacts) => [facts.version, facts.status, facts.stages.join(', ') || '—', `${facts.experimentModelName} (experiment ${facts.experimentKey})`];
  const when = prefix ? 'then' : 'now';
  return {
    title: `${prefix}Versions`,
    paragraphs: current ? [] : [`No version held ${change.kind} “${change.value}” ${when}: the candidate is compared with nothing.`],
    table: { columns: ['Role', 'Version', 'Status', 'Stages', 'Source'], rows: [['Candidate', ...line(candidate)], ...(current ? [[prefix ? 'Holder then' : 'Current holder', ...line(current)]] : [])] },
  };
}

function comparisonSections({ comparison, candidate, current }: Compared, prefix: string): EvidenceSection[] {
  const them = prefix ? 'Holder' : 'Current';
  const metricRows = comparison.metrics.map((row) => [row.name, directionText(row.better) ?? 'not judged', sideText(row.candidate, 'last'), sideText(row.candidate, 'best'), sideText(row.current, 'last'), sideText(row.current, 'best')]);
  const tags = comparison.tags;
  const metricParagraphs = !metricRows.length ? ['Neither experiment logged metrics.'] : current ? [worseText(worseMetrics(comparison.metrics), candidate.version, current.version)] : [];
  return [
    { title: `${prefix}Metrics`, paragraphs: metricParagraphs, table: { columns: ['Metric', 'Direction', 'Candidate last', 'Candidate best', `${them} last`, `${them} best`], rows: metricRows } },
    {
      title: `${prefix}Parameters`,
      paragraphs: [`${comparison.parameters.filter((row) => row.differs).length} of ${comparison.parameters.length} differ (listed first).`],
      table: { columns: ['Parameter', 'Candidate', them, 'Differs'], rows: comparison.parameters.map((row) => [row.name, orDash(row.candidate), orDash(row.current), row.differs ? 'yes' : 'no']) },
    },
    {
      title: `${prefix}Model files`,
      paragraphs: [],
      table: {
        columns: ['File', 'Change', 'Candidate size', 'Candidate SHA-256', `${them} size`, `${them} SHA-256`],
        rows: comparison.files.map((row) => [row.fileName, row.change, orDash(row.candidate?.fileSize.toString()), orDash(row.candidate?.sha256), orDash(row.current?.fileSize.toString()), orDash(row.current?.sha256)]),
      },
    },
    { title: `${prefix}Tags`, paragraphs: [`Added: ${tags.added.join(', ') || '—'}`, `Removed: ${tags.removed.join(', ') || '—'}`, `Kept: ${tags.kept.join(', ') || '—'}`] },
    {
      title: `${prefix}Metadata`,
      paragraphs: comparison.metadata.length ? [] : ['No difference.'],
      table: {
        columns: ['Path', 'Change', them, 'Candidate'],
        rows: comparison.metadata.map((change) => [change.path, change.kind, change.kind === 'added' ? '—' : compactJson(change.before), change.kind === 'removed' ? '—' : compactJson(change.after)]),
      },
    },
    { title: `${prefix}Status`, paragraphs: [`Candidate: ${comparison.status.candidate}`, `${prefix ? 'Holder then' : 'Current holder'}: ${orDash(comparison.status.current)}`] },
  ];
}

/** One recorded moment: when and by whom it was captured, then both versions and their comparison as they stood. */
function recordedSections(moment: RecordedMoment, change: EvidenceRecord['change']): EvidenceSection[] {
  const label = moment.moment === 'filed' ? 'When filed' : 'When decided';
  const intro = {
    title: `Recorded ${moment.moment === 'filed' ? 'when the request was filed' : 'when the request was decided'}`,
    paragraphs: [
      `Captured by the service ${time(moment.capturedAt)}, by ${moment.capturedBy}, in the transaction that ${moment.moment === 'filed' ? 'filed' : 'decided'} the request (then ${moment.state}).`,
      ...moment.leftOut,
    ],
  };
  return [intro, versionsSection(moment, change, `${label}: `), ...comparisonSections(moment, `${label}: `)];
}

const eventRows = (events: readonly EvidenceEvent[]) => events.map((event) => [time(event.at), event.version, event.what, event.who, orDash(event.comment)]);
const eventColumns = ['When', 'Version', 'What', 'Who', 'Comment'];

/** Turns an evidence record into the sections both the HTML and the Markdown export render. */
export function evidenceDocument(record: EvidenceRecord): EvidenceDocument {
  const decision = record.decision;
  return {
    title: `Promotion evidence: ${record.modelName} ${record.candidate.version} → ${record.change.kind} ${record.change.value}`,
    sections: [
      {
        title: 'Change',
        paragraphs: [
          `Workspace ${record.workspaceName}, model ${record.modelName}: ${record.change.kind === 'stage' ? `move version ${record.candidate.version} to stage` : `set the status of version ${record.candidate.version} to`} “${record.change.value}”.`,
          `Exported ${time(record.generatedAt)}.`,
        ],
      },
      {
        title: 'Decision',
        paragraphs: decision ? [`Outcome: ${decision.outcome}`, `By: ${orDash(decision.by)} at ${time(decision.at)}`, `Comment: ${orDash(decision.comment)}`] : ['Not decided yet.'],
      },
      { title: 'Approval policy', paragraphs: [record.policy] },
      { title: 'Approvals', paragraphs: record.approvals.length ? [] : ['None recorded.'], table: { columns: eventColumns, rows: eventRows(record.approvals) } },
      ...(record.recorded?.length ? record.recorded.flatMap((moment) => recordedSections(moment, record.change)) : [versionsSection(record, record.change, ''), ...comparisonSections(record, '')]),
      {
        title: 'Webhooks',
        paragraphs: record.webhooks.length ? [] : ['No webhook receives this change.'],
        table: { columns: ['Name', 'URL', 'Configured for', 'Events'], rows: record.webhooks.map((hook) => [orDash(hook.name), hook.url, hook.scope === 'model' ? 'this model' : 'every model', hook.events.join(', ')]) },
      },
      {
        title: 'Deliveries',
        paragraphs: record.deliveries.length ? [] : ['None recorded.'],
        table: { columns: ['URL', 'Event', 'Outcome', 'Response'], rows: record.deliveries.map((delivery) => [delivery.url, delivery.eventType, delivery.status, orDash(delivery.responseCode?.toString())]) },
      },
      { title: 'History', paragraphs: record.history.length ? [] : ['None recorded.'], table: { columns: eventColumns, rows: eventRows(record.history) } },
    ],
  };
}
