import yazl from 'yazl';
import { readZip } from '../assets/assets-zip.ts';
import { addRunBody, sdkCall, sdkUpload, uploadQuery, type SdkReply } from '../support/clientlib-sdk.ts';

/** `experiment.json` of an OfflineExperiment archive (clients.md B.10). */
export interface OfflineExperimentJson {
  offline_id: string;
  project_name: string;
  workspace: string;
  start_time: number;
  stop_time: number;
  tags: string[];
  resume_strategy: 'create' | 'get' | 'get_or_create';
  comet_start_sourced: boolean;
  user_provided_experiment_key: boolean;
  customer_error_reported: boolean;
  customer_error_message: string | null;
}

/** The payload of each kind of message the SDK's offline streamer writes; uploads name their file inside the archive. */
export interface OfflinePayloads {
  metric_msg: { metricName: string; metricValue: unknown; step: number | null; epoch: number | null; context: string | null; timestamp: number };
  parameter_msg: { parameterName: string; parameterValue: unknown; step: number | null; source: string; context: string | null; timestamp: number };
  log_other_msg: { key: string; value: unknown };
  html_msg: { html: string; override: boolean; timestamp: number };
  standard_output_msg: { output: string; stderr: boolean; offset: number };
  system_details_msg: Record<string, unknown>;
  git_metadata_msg: { user: string | null; root: string | null; branch: string | null; parent: string | null; origin: string | null };
  upload_file_msg: { file_path: string; upload_type: string; query: Record<string, unknown>; metadata: Record<string, unknown> | null };
  register_model_msg: { experimentModelName: string; registryModelName: string; version: string; tags: string[] };
}

/** One line of `messages.json`: `{type, payload}`. */
export type OfflineMessage = { [K in keyof OfflinePayloads]: { type: K; payload: OfflinePayloads[K] } }[keyof OfflinePayloads];

/** An archive as the tests describe it: experiment.json, the messages, and the files the uploads name. */
export interface OfflineArchive {
  experiment: OfflineExperimentJson;
  messages: OfflineMessage[];
  files: Record<string, Buffer>;
}

/** Zips an archive in the SDK's layout: `experiment.json`, `messages.json` (one JSON message per line), the files. */
export function buildOfflineArchive(archive: OfflineArchive): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(archive.experiment)), 'experiment.json');
    zip.addBuffer(Buffer.from(archive.messages.map((message) => JSON.stringify(message)).join('\n') + '\n'), 'messages.json');
    for (const [name, bytes] of Object.entries(archive.files)) zip.addBuffer(bytes, name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

/** One request of the replay and its answer. */
export interface ReplayedCall {
  step: string;
  status: number;
  json: SdkReply['json'];
}

/** A failure of a step `comet upload` treats as fatal (1, 2, 4, n-1, n of clients.md B.10). */
export class ReplayFailed extends Error {
  readonly call: ReplayedCall;
  constructor(call: ReplayedCall) {
    super(`${call.step} answered ${call.status}: ${JSON.stringify(call.json)}`);
    this.call = call;
  }
}

const METRIC_BATCH = 1000;
/** What the uploader sends of one metric at most (clients.md B.10: ≤ 15,000 sampled values). */
const MAX_VALUES_PER_METRIC = 15_000;

/** Keeps at most `limit` items, evenly spaced, the last one always. */
const sample = <T>(items: T[], limit: number): T[] =>
  items.length <= limit ? items : Array.from({ length: limit }, (_, index) => items[Math.round((index * (items.length - 1)) / (limit - 1))] as T);

/**
 * Replays an archive the way `comet upload` does (clients.md B.10): handshake with offline=true, tags, version, the
 * offline heartbeat, REST writes, uploads in parallel, gzip batches with the original timestamps, the closing
 * heartbeat, offline-metadata with the archive's start and stop, then registry versions. Returns every call made.
 */
export async function replayOfflineArchive(url: string, zip: Buffer, apiKey: string): Promise<ReplayedCall[]> {
  const entries = new Map(readZip(zip).map((entry) => [entry.name, entry.data]));
  const experiment = JSON.parse(entries.get('experiment.json')?.toString() ?? 'null') as OfflineExperimentJson;
  const messages = (entries.get('messages.json')?.toString() ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OfflineMessage);
  const key = experiment.offline_id;
  const calls: ReplayedCall[] = [];
  const record = (step: string, reply: SdkReply, fatal: boolean) => {
    const call = { step, status: reply.status, json: reply.json };
    calls.push(call);
    if (fatal && reply.status !== 200) throw new ReplayFailed(call);
    return reply.json;
  };
  const send = (step: string, path: string, body?: unknown, options: { gzip?: boolean; fatal?: boolean; method?: 'GET' | 'POST' } = {}) =>
    sdkCall(url, { path, body, gzip: options.gzip, method: options.method, experimentKey: key, key: apiKey }).then((reply) => record(step, reply, options.fatal ?? false));
  const of = <T extends keyof OfflinePayloads>(type: T): OfflinePayloads[T][] =>
    messages.filter((message) => message.type === type).map((message) => message.payload as OfflinePayloads[T]);

  // 1–4: fatal on anything but 200.
  const resume = experiment.resume_strategy !== 'create';
  const run = resume
    ? await send('logger/get/run', 'logger/get/run', { apiKey, previousExperiment: key, libVersion: '3.54.0', local_timestamp: Date.now() }, { fatal: true })
    : await send('logger/add/run', 'logger/add/run', addRunBody(key, experiment.project_name, experiment.workspace, { apiKey, offline: true }), { fatal: true });
  const runId = String(run.runId);
  const projectId = String(run.project_id);
  if (experiment.tags.length > 0) await send('tags', 'tags/add-tags-to-experiment', { apiKey, experimentKey: key, addedTags: experiment.tags }, { fatal: true });
  await send('isAlive/ver', '/clientlib/isAlive/ver', undefined, { method: 'GET' });
  const status = (isAlive: boolean) => ({ apiKey, runId, experimentKey: key, projectId, is_alive: isAlive, local_timestamp: Date.now(), offline: true });
  const beat = await send('status-report/update', 'status-report/update', status(true), { fatal: true });
  if (beat.is_alive_beat_duration_millis === undefined || beat.gpu_monitor_interval_millis === undefined) throw new Error('status reply without its required fields');

  // 5…: REST writes, uploads in parallel, batches.
  const rest = (path: string) => `/api/rest/v2/${path}`;
  await send('log-other', rest('write/experiment/log-other'), { experimentKey: key, key: 'offline_experiment', value: true });
  for (const other of of('log_other_msg')) await send('log-other', rest('write/experiment/log-other'), { experimentKey: key, ...other });
  for (const html of of('html_msg')) await send('html', rest('write/experiment/html'), { experimentKey: key, html: html.html, override: html.override, timestamp: html.timestamp * 1000 });
  for (const details of of('system_details_msg')) await send('system-details', '/clientlib/rest/v2/write/experiment/system-details', { experimentKey: key, ...details });
  for (const git of of('git_metadata_msg')) await send('git/metadata', rest('write/experiment/git/metadata'), { experimentKey: key, ...git });
  const uploads = of('upload_file_msg').map((upload) => {
    const path = upload.upload_type === 'visualization' ? 'visualizations/upload' : 'asset/upload';
    const parts = [
      { name: 'file', value: entries.get(upload.file_path) ?? Buffer.alloc(0), filename: 'file' },
      ...(upload.metadata ? [{ name: 'metadata', value: JSON.stringify(upload.metadata), filename: 'metadata' }] : []),
    ];
    return sdkUpload(url, { path, query: uploadQuery(key, { ...upload.query, apiKey, runId, projectId }), parts, experimentKey: key, key: apiKey }).then((reply) => record(path, reply, false));
  });
  const metrics = new Map<string, OfflinePayloads['metric_msg'][]>();
  for (const metric of of('metric_msg')) metrics.set(metric.metricName, [...(metrics.get(metric.metricName) ?? []), metric]);
  const sampled = [...metrics.values()].flatMap((values) => sample(values, MAX_VALUES_PER_METRIC));
  for (let start = 0; start < sampled.length; start += METRIC_BATCH) {
    await send('metric batch', 'batch/logger/experiment/metric', { apiKey, experimentKey: key, values: sampled.slice(start, start + METRIC_BATCH) }, { gzip: true });
  }
  const parameters = of('parameter_msg');
  if (parameters.length > 0) await send('parameter batch', 'batch/logger/experiment/parameter', { apiKey, experimentKey: key, values: parameters }, { gzip: true });
  const output = of('standard_output_msg');
  for (const stderr of [false, true]) {
    const lines = output.filter((line) => line.stderr === stderr).map((line) => ({ ...line, localTimestamp: 1234 }));
    if (lines.length > 0) await send('output', '/clientlib/rest/v2/write/experiment/output', { experimentKey: key, runContext: null, outputLines: lines }, { gzip: true });
  }
  await Promise.all(uploads);

  // n-1, n: fatal; then the models registered offline.
  await send('status-report/update', 'status-report/update', status(false), { fatal: true });
  const times = { apiKey, runId, experimentKey: key, startTimestamp: resume ? null : experiment.start_time, endTimestamp: experiment.stop_time };
  await send('offline-metadata', 'status-report/offline-metadata', times, { fatal: true });
  for (const model of of('register_model_msg')) {
    const body = { experimentKey: key, ...model, registryModelDescription: null, versionComment: null, status: null, publicModel: null };
    await send('registry create', rest('write/registry-model/item/create'), body);
  }
  return calls;
}
