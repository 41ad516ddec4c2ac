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

/** What an evidence export records: the change, both versions compared, the webhooks, the policy, the decision, approvals and history. */
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

function versionsSection(record: EvidenceRecord): EvidenceSection {
  const { candidate, current } = record;
  const line = (facts: VersionFacts) => [facts.version, facts.status, facts.stages.join(', ') || '—', `${facts.experimentModelName} (experiment ${facts.experimentKey})`];
  return {
    title: 'Versions',
    paragraphs: current ? [] : [`No version holds ${record.change.kind} “${record.change.value}” now: the candidate is compared with nothing.`],
    table: { columns: ['Role', 'Version', 'Status', 'Stages', 'Source'], rows: [['Candidate', ...line(candidate)], ...(current ? [['Current holder', ...line(current)]] : [])] },
  };
}

function comparisonSections(record: EvidenceRecord): EvidenceSection[] {
  const { comparison } = record;
  const metricRows = comparison.metrics.map((row) => [row.name, directionText(row.better) ?? 'not judged', sideText(row.candidate, 'last'), sideText(row.candidate, 'best'), sideText(row.current, 'last'), sideText(row.current, 'best')]);
  const tags = comparison.tags;
  return [
    { title: 'Metrics', paragraphs: !metricRows.length ? ['Neither experiment logged metrics.'] : record.current ? [worseText(worseMetrics(comparison.metrics), record.candidate.version, record.current.version)] : [], table: { columns: ['Metric', 'Direction', 'Candidate last', 'Candidate best', 'Current last', 'Current best'], rows: metricRows } },
    {
      title: 'Parameters',
      paragraphs: [`${comparison.parameters.filter((row) => row.differs).length} of ${comparison.parameters.length} differ (listed first).`],
      table: { columns: ['Parameter', 'Candidate', 'Current', 'Differs'], rows: comparison.parameters.map((row) => [row.name, orDash(row.candidate), orDash(row.current), row.differs ? 'yes' : 'no']) },
    },
    {
      title: 'Model files',
      paragraphs: [],
      table: {
        columns: ['File', 'Change', 'Candidate size', 'Candidate SHA-256', 'Current size', 'Current SHA-256'],
        rows: comparison.files.map((row) => [row.fileName, row.change, orDash(row.candidate?.fileSize.toString()), orDash(row.candidate?.sha256), orDash(row.current?.fileSize.toString()), orDash(row.current?.sha256)]),
      },
    },
    { title: 'Tags', paragraphs: [`Added: ${tags.added.join(', ') || '—'}`, `Removed: ${tags.removed.join(', ') || '—'}`, `Kept: ${tags.kept.join(', ') || '—'}`] },
    {
      title: 'Metadata',
      paragraphs: comparison.metadata.length ? [] : ['No difference.'],
      table: {
        columns: ['Path', 'Change', 'Current', 'Candidate'],
        rows: comparison.metadata.map((change) => [change.path, change.kind, change.kind === 'added' ? '—' : compactJson(change.before), change.kind === 'removed' ? '—' : compactJson(change.after)]),
      },
    },
    { title: 'Status', paragraphs: [`Candidate: ${comparison.status.candidate}`, `Current holder: ${orDash(comparison.status.current)}`] },
  ];
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
      versionsSection(record),
      ...comparisonSections(record),
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
