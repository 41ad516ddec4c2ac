import { gzipSync } from 'node:zlib';
import type { OfflineArchive, OfflinePayload } from './offline-archive.ts';

/** Where a run is uploaded: the service's address and a key that may write there. */
export interface UploadTarget {
  baseUrl: string;
  apiKey: string;
}

/** What an upload did: the run's key and project, and how many of each kind of item the service took or refused. */
export interface UploadResult {
  experimentKey: string;
  projectName: string | null;
  /** The service already holds this run (an archive imported before). */
  alreadyImported: boolean;
  sent: { metrics: number; parameters: number; others: number; outputLines: number; files: number };
  /** One line per item the service refused (the rest of the run is kept, as `comet upload` does). */
  failures: string[];
}

/** A step whose failure fails the whole upload (clients.md B.10: 1, 2, 4, n-1, n). */
export class UploadRefused extends Error {
  readonly sdkErrorCode: number | undefined;
  constructor(step: string, status: number, body: { msg?: string; sdk_error_code?: number }) {
    super(`${step}: the service answered ${status}${body.msg ? ` (${body.msg})` : ''}`);
    this.sdkErrorCode = body.sdk_error_code;
  }
}

const SDK_VERSION = '3.54.0';
/** The SDK's "experiment already exists" error code: the archive was uploaded before. */
const ALREADY_UPLOADED = 90999;
const METRIC_BATCH = 1000;
/** What `comet upload` sends of one metric at most (evenly sampled, the last value always). */
const MAX_VALUES_PER_METRIC = 15_000;
const UPLOADS_IN_PARALLEL = 4;

type Reply = { status: number; json: Record<string, unknown> & { msg?: string; sdk_error_code?: number } };

/** A query as Python's `requests` writes one: None left out, booleans `True`/`False`. */
function pythonQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    search.set(name, typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value));
  }
  return search.toString();
}

const sample = <T>(items: T[], limit: number): T[] =>
  items.length <= limit ? items : Array.from({ length: limit }, (_, index) => items[Math.round((index * (items.length - 1)) / (limit - 1))] as T);

/** The clientlib path each upload type goes to (clients.md B.7). */
const uploadPath = (type: string) => (type === 'visualization' ? 'visualizations/upload' : type === 'git-patch' ? 'git-patch/upload' : 'asset/upload');

/**
 * Uploads an offline archive the way the SDK's `comet upload` does (clients.md B.10), through the service's live front
 * door: the handshake (offline), tags, version, the opening heartbeat; the others, the files (a few at a time), metric
 * batches with their original timestamps, one parameter batch, the output; the closing heartbeat and the archive's
 * start and stop. `onProgress` receives the share done (0–1).
 */
export async function cometUpload(target: UploadTarget, archive: OfflineArchive, onProgress: (done: number) => void = () => undefined): Promise<UploadResult> {
  const key = archive.experimentKey;
  const headers = { authorization: target.apiKey, 'x-comet-debug-sdk-version': SDK_VERSION, 'x-comet-debug-experiment-key': key };
  const send = async (path: string, body?: unknown, gzip = false): Promise<Reply> => {
    const url = `${target.baseUrl}${path.startsWith('/') ? path : `/clientlib/${path}`}`;
    const json = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const response = await fetch(url, {
      method: json ? 'POST' : 'GET',
      headers: { ...headers, ...(json ? { 'content-type': 'application/json;charset=utf-8' } : {}), ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
      ...(json ? { body: new Uint8Array(gzip ? gzipSync(json) : json) } : {}),
    });
    const text = await response.text();
    let parsed: Reply['json'] = {};
    try {
      parsed = text ? (JSON.parse(text) as Reply['json']) : {};
    } catch {
      parsed = { msg: text.slice(0, 200) };
    }
    return { status: response.status, json: parsed };
  };
  const result: UploadResult = { experimentKey: key, projectName: archive.projectName, alreadyImported: false, sent: { metrics: 0, parameters: 0, others: 0, outputLines: 0, files: 0 }, failures: [] };
  const must = (step: string, reply: Reply) => {
    if (reply.status !== 200) throw new UploadRefused(step, reply.status, reply.json);
    return reply.json;
  };
  const may = (step: string, reply: Reply) => {
    if (reply.status !== 200) result.failures.push(`${step}: the service answered ${reply.status}${reply.json.msg ? ` (${reply.json.msg})` : ''}`);
    return reply.status === 200;
  };

  const opening = archive.resume
    ? await send('logger/get/run', { apiKey: target.apiKey, previousExperiment: key, libVersion: SDK_VERSION, local_timestamp: Date.now() })
    : await send('logger/add/run', {
        apiKey: target.apiKey,
        experimentKey: key,
        projectName: archive.projectName,
        teamName: archive.workspace,
        offline: true,
        getOrCreateEnabled: false,
        libVersion: SDK_VERSION,
        local_timestamp: Date.now(),
      });
  if (opening.status === 400 && opening.json.sdk_error_code === ALREADY_UPLOADED) return { ...result, alreadyImported: true };
  const run = must('starting the run', opening);
  const runId = String(run.runId);
  const projectId = typeof run.project_id === 'string' ? run.project_id : null;
  if (archive.tags.length > 0) must('tags', await send('tags/add-tags-to-experiment', { apiKey: target.apiKey, experimentKey: key, addedTags: archive.tags }));
  await send('isAlive/ver');
  const status = (isAlive: boolean) => ({ apiKey: target.apiKey, runId, experimentKey: key, projectId, is_alive: isAlive, local_timestamp: Date.now(), offline: true });
  must('the opening heartbeat', await send('status-report/update', status(true)));

  const { messages } = archive;
  const total = messages.log_other.length + messages.file_upload.length + messages.metric_msg.length + 2;
  let done = 0;
  const advance = (count: number) => onProgress(Math.min(1, (done += count) / total));
  for (const other of messages.log_other) {
    if (may(`other ${other.key}`, await send('/api/rest/v2/write/experiment/log-other', { experimentKey: key, key: other.key, value: other.value }))) result.sent.others += 1;
    advance(1);
  }
  const uploads = [...messages.file_upload];
  const uploadNext = async (): Promise<void> => {
    for (let upload = uploads.shift(); upload; upload = uploads.shift()) {
      if (await uploadFile(upload)) result.sent.files += 1;
      advance(1);
    }
  };
  const uploadFile = async (upload: OfflinePayload<'file_upload'>): Promise<boolean> => {
    const bytes = archive.files.get(upload.file_path);
    const name = String(upload.additional_params?.fileName ?? upload.additional_params?.figName ?? upload.file_path);
    if (!bytes) {
      result.failures.push(`file ${name}: missing from the archive`);
      return false;
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), 'file');
    if (upload.metadata && Object.keys(upload.metadata).length > 0) form.append('metadata', new Blob([JSON.stringify(upload.metadata)]), 'metadata');
    const query = pythonQuery({ ...upload.additional_params, experimentId: key, runId, projectId, apiKey: target.apiKey });
    const response = await fetch(`${target.baseUrl}/clientlib/${uploadPath(upload.upload_type)}?${query}`, { method: 'POST', headers, body: form });
    const text = await response.text();
    const json = (text.startsWith('{') ? JSON.parse(text) : {}) as Reply['json'];
    return may(`file ${name}`, { status: response.status, json });
  };
  const uploading = Promise.all(Array.from({ length: UPLOADS_IN_PARALLEL }, () => uploadNext()));

  const byMetric = new Map<string, OfflinePayload<'metric_msg'>[]>();
  for (const message of messages.metric_msg) byMetric.set(message.metric.metricName, [...(byMetric.get(message.metric.metricName) ?? []), message]);
  const metrics = [...byMetric.values()].flatMap((values) => sample(values, MAX_VALUES_PER_METRIC));
  for (let start = 0; start < metrics.length; start += METRIC_BATCH) {
    const values = metrics.slice(start, start + METRIC_BATCH).map(({ metric, local_timestamp }) => ({ ...metric, context: metric.context ?? null, timestamp: local_timestamp ?? null }));
    if (may('metrics', await send('batch/logger/experiment/metric', { apiKey: target.apiKey, experimentKey: key, values }, true))) result.sent.metrics += values.length;
    advance(messages.metric_msg.length === 0 ? 0 : (values.length * messages.metric_msg.length) / metrics.length);
  }
  const parameters = messages.parameter_msg.map(({ param, local_timestamp }) => ({
    parameterName: param.paramName,
    parameterValue: param.paramValue,
    step: param.step ?? null,
    source: param.source ?? 'manual',
    context: param.context ?? null,
    timestamp: local_timestamp ?? null,
  }));
  if (parameters.length > 0 && may('parameters', await send('batch/logger/experiment/parameter', { apiKey: target.apiKey, experimentKey: key, values: parameters }, true))) {
    result.sent.parameters = parameters.length;
  }
  advance(1);
  for (const stderr of [false, true]) {
    const lines = messages.standard_output.filter((line) => line.stderr === stderr).map((line, offset) => ({ output: line.output, stderr, localTimestamp: line.local_timestamp ?? null, offset }));
    if (lines.length === 0) continue;
    if (may('output', await send('/clientlib/rest/v2/write/experiment/output', { experimentKey: key, runContext: null, outputLines: lines }, true))) result.sent.outputLines += lines.length;
  }
  advance(1);
  await uploading;

  must('the closing heartbeat', await send('status-report/update', status(false)));
  const times = { apiKey: target.apiKey, runId, experimentKey: key, startTimestamp: archive.resume ? null : archive.startTime, endTimestamp: archive.stopTime ?? Date.now() };
  must('the start and stop times', await send('status-report/offline-metadata', times));
  for (const [type, count] of Object.entries(archive.skipped)) result.failures.push(`${count} message(s) of kind ${type}: not imported (Trackdesk does not read this kind yet)`);
  onProgress(1);
  return result;
}
