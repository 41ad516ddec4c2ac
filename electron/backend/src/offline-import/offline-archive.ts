import { z } from 'zod';
import { ArchiveUnreadable, zipEntries } from './archive-zip.ts';

/** `experiment.json` of an archive `OfflineExperiment` (or the SDK's mid-run fallback) wrote (clients.md B.10). */
const ExperimentJson = z.object({
  offline_id: z.string().regex(/^[0-9a-f]{32}$/i),
  project_name: z.string().nullish(),
  workspace: z.string().nullish(),
  start_time: z.number().nullish(),
  stop_time: z.number().nullish(),
  tags: z.array(z.string()).nullish(),
  resume_strategy: z.enum(['create', 'get', 'get_or_create']).catch('create'),
});

const timestamp = z.number().nullish();
const Messages = {
  log_other: z.object({ key: z.string(), value: z.unknown() }),
  parameter_msg: z.object({
    local_timestamp: timestamp,
    param: z.object({ paramName: z.string(), paramValue: z.unknown(), source: z.string().nullish(), step: z.number().nullish(), context: z.string().nullish() }),
  }),
  metric_msg: z.object({
    local_timestamp: timestamp,
    metric: z.object({ metricName: z.string(), metricValue: z.unknown(), step: z.number().nullish(), epoch: z.number().nullish(), context: z.string().nullish() }),
  }),
  standard_output: z.object({ local_timestamp: timestamp, output: z.string(), stderr: z.boolean() }),
  file_upload: z.object({
    file_path: z.string(),
    upload_type: z.string(),
    additional_params: z.record(z.string(), z.unknown()).nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  }),
};

/** The kinds of message Trackdesk replays (the ones `OfflineExperiment` writes for what a run logs). */
export type OfflineMessageType = keyof typeof Messages;
/** The payload of one kind of message. */
export type OfflinePayload<T extends OfflineMessageType> = z.infer<(typeof Messages)[T]>;

/** An archive read: its run, its messages by kind in order, its files by name, and the kinds it holds that are not replayed. */
export interface OfflineArchive {
  experimentKey: string;
  projectName: string | null;
  workspace: string | null;
  startTime: number | null;
  stopTime: number | null;
  tags: string[];
  resume: boolean;
  messages: { [T in OfflineMessageType]: OfflinePayload<T>[] };
  files: Map<string, Buffer>;
  /** Messages of kinds not replayed, counted by kind (reported, never dropped silently). */
  skipped: Record<string, number>;
}

const isKnown = (type: string): type is OfflineMessageType => Object.hasOwn(Messages, type);

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ArchiveUnreadable(`its ${what} is not JSON`);
  }
}

/** Reads an offline archive's zip; throws ArchiveUnreadable (with what is wrong) when it is not one. */
export function readOfflineArchive(zip: Buffer): OfflineArchive {
  const files = zipEntries(zip);
  const experimentText = files.get('experiment.json');
  const messagesText = files.get('messages.json');
  if (!experimentText || !messagesText) throw new ArchiveUnreadable('it is not an offline run archive (no experiment.json and messages.json)');
  const experiment = ExperimentJson.safeParse(parseJson(experimentText.toString('utf8'), 'experiment.json'));
  if (!experiment.success) throw new ArchiveUnreadable(`its experiment.json is not the SDK's: ${z.prettifyError(experiment.error)}`);
  const messages = { log_other: [], parameter_msg: [], metric_msg: [], standard_output: [], file_upload: [] } as OfflineArchive['messages'];
  const skipped: Record<string, number> = {};
  const lines = messagesText.toString('utf8').split('\n').filter((line) => line.trim() !== '');
  lines.forEach((line, index) => {
    const message = parseJson(line, `message on line ${index + 1}`) as { type?: unknown; payload?: unknown };
    const type = typeof message.type === 'string' ? message.type : 'unknown';
    const payload = isKnown(type) ? Messages[type].safeParse(message.payload) : undefined;
    if (!payload?.success) {
      skipped[type] = (skipped[type] ?? 0) + 1;
      return;
    }
    (messages[type as OfflineMessageType] as unknown[]).push(payload.data);
  });
  const run = experiment.data;
  return {
    experimentKey: run.offline_id.toLowerCase(),
    projectName: run.project_name ?? null,
    workspace: run.workspace ?? null,
    startTime: run.start_time ?? null,
    stopTime: run.stop_time ?? null,
    tags: run.tags ?? [],
    resume: run.resume_strategy !== 'create',
    messages,
    files,
    skipped,
  };
}
