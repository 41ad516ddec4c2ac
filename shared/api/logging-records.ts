import { z } from 'zod';
import { step, timestampMillis } from './fields.ts';

/** Optional on the wire; JSON `null` means the same as absent (the Python SDK sends `None` as `null`). */
export const optionalStep = step.nullish();
/** An optional int64 millisecond timestamp; absent or null means "when the service received it". */
export const optionalTimestamp = timestampMillis.nullish();
/** An optional run context (e.g. `train`, `validate`). */
export const optionalContext = z.string().max(1000).nullish();
/** A name of a metric, parameter or other item. */
export const itemName = z.string().trim().min(1, 'must not be empty').max(1000);
/** A byte count or similar non-negative integer measurement. */
export const byteCount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Large text documents (HTML, code, graph): bounded so one request cannot exhaust memory. */
export const documentText = (max = 20_000_000) => z.string().max(max);

/**
 * The summary of one metric, parameter or other item (compat.md §3). Values are strings.
 * Min/max: numeric values rank before non-numeric ones; within a kind, numbers compare numerically and
 * strings by code point; ties keep the earlier value. Current is the most recently received value.
 * Step fields are sent for metrics and parameters (null when the value had no step), never for others.
 */
export const summaryRecord = z.object({
  name: z.string(),
  valueMax: z.string(),
  valueMin: z.string(),
  valueCurrent: z.string(),
  timestampMax: z.number().int(),
  timestampMin: z.number().int(),
  timestampCurrent: z.number().int(),
  stepMax: z.number().int().nullable().optional(),
  stepMin: z.number().int().nullable().optional(),
  stepCurrent: z.number().int().nullable().optional(),
  runContextMax: z.string().nullable(),
  runContextMin: z.string().nullable(),
  runContextCurrent: z.string().nullable(),
  editable: z.boolean().describe('Always false: values change only by logging them again.'),
});

/** One point of a metric's series (write-api.md Resources, compat.md §3). */
export const metricRecord = z.object({
  metricName: z.string(),
  metricValue: z.string(),
  timestamp: z.number().int(),
  step: z.number().int().nullable(),
  epoch: z.number().int().nullable(),
  runContext: z.string().nullable(),
});

/** Static information about one GPU (E32 `gpuStaticInfoList`), as stored and read. */
export const gpuStaticInfo = z.object({
  gpuIndex: z.number().int().min(0),
  name: z.string().max(1000),
  uuid: z.string().max(1000),
  totalMemory: byteCount.nullable().describe('Null when the client did not report it.'),
  powerLimit: byteCount.nullable().describe('Null when the driver cannot report it.'),
});

/** The live Python SDK's spelling of a GPU item (snake_case keys, `total_memory` may be absent), mapped to gpuStaticInfo. */
const gpuStaticInfoSnake = z
  .object({
    gpu_index: z.number().int().min(0),
    name: z.string().max(1000),
    uuid: z.string().max(1000),
    total_memory: byteCount.nullish(),
    power_limit: byteCount.nullish(),
  })
  .transform((gpu) => ({ gpuIndex: gpu.gpu_index, name: gpu.name, uuid: gpu.uuid, totalMemory: gpu.total_memory ?? null, powerLimit: gpu.power_limit ?? null }));

/** A GPU item as E32 accepts it: camelCase (totalMemory required) or the live SDK's snake_case. */
const gpuStaticInfoInput = z.union([gpuStaticInfo.extend({ totalMemory: byteCount }), gpuStaticInfoSnake]);

/** One additional system-information item (E32 `logAdditionalSystemInfoList`). */
export const additionalSystemInfo = z.object({ key: itemName, value: z.json() });

const shortText = z.string().max(10_000);
const textList = z.array(z.string().max(10_000)).max(100_000);

/** The system-details fields E32 sets; every field but experimentKey is optional (it sets some or all). */
export const systemDetailsFields = {
  user: shortText.nullish(),
  pythonVersion: shortText.nullish(),
  pythonVersionVerbose: shortText.nullish(),
  pid: z.number().int().min(0).max(2 ** 31 - 1).nullish(),
  osType: shortText.nullish(),
  os: shortText.nullish(),
  ip: shortText.nullish(),
  hostname: shortText.nullish(),
  osRelease: shortText.nullish(),
  machine: shortText.nullish(),
  processor: shortText.nullish(),
  env: z.record(z.string(), z.json()).nullish().describe('Environment variables the client chose to report.'),
  gpuStaticInfoList: z.array(gpuStaticInfoInput).max(1024).nullish(),
  logAdditionalSystemInfoList: z
    .array(additionalSystemInfo)
    .max(10_000)
    .nullish()
    .describe('Merged by key into the stored list: a key sent again takes the new value, other keys stay.'),
  networkInterfaceIps: textList.nullish(),
  command: textList.nullish(),
  executable: shortText.nullish(),
  osPackages: textList.nullish(),
  installedPackages: textList.nullish(),
};

/**
 * The system-details record (write-api.md Resources, clients.md A.6): every key always present (the Python SDK
 * reads them with []); unset scalars and env are null and unset lists empty.
 * systemMetricNames lists the usage-metric series logged (E40–E43); maxTotalMemory is the largest GPU
 * total memory seen (static info or `sys.gpu.*.total_memory`); totalRam is the latest `sys.ram.total`.
 */
export const systemDetailsRecord = z.object({
  experimentKey: z.string(),
  user: z.string().nullable(),
  pythonVersion: z.string().nullable(),
  pythonVersionVerbose: z.string().nullable(),
  pid: z.number().int().nullable(),
  osType: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  hostname: z.string().nullable(),
  osRelease: z.string().nullable(),
  machine: z.string().nullable(),
  processor: z.string().nullable(),
  env: z.record(z.string(), z.json()).nullable(),
  gpuStaticInfoList: z.array(gpuStaticInfo),
  logAdditionalSystemInfoList: z.array(additionalSystemInfo),
  systemMetricNames: z.array(z.string()),
  maxTotalMemory: z.number().nullable(),
  networkInterfaceIps: z.array(z.string()),
  command: z.array(z.string()),
  executable: z.string().nullable(),
  osPackages: z.array(z.string()),
  installedPackages: z.array(z.string()),
  totalRam: z.number().nullable(),
});

/** Git metadata (E33's read). The SDKs send null for parts they cannot determine (e.g. no remote). */
export const gitMetadataRecord = z.object({
  user: z.string().max(10_000).nullable(),
  root: z.string().max(10_000).nullable(),
  branch: z.string().max(10_000).nullable(),
  parent: z.string().max(10_000).nullable(),
  origin: z.string().max(10_000).nullable(),
});

const gitPart = z.string().max(10_000).nullish();
/** Git metadata as E33 accepts it: Python sends null for unknown parts, cometr leaves them out; both mean null. */
export const gitMetadataInput = z.object({ user: gitPart, root: gitPart, branch: gitPart, parent: gitPart, origin: gitPart });

/** Cloud details (E38/E55 and the `ext.cloudDetails` read). */
export const cloudDetailsRecord = z.object({
  provider: z.string().nullable(),
  metadata: z.record(z.string(), z.json()),
});

/** One metric of one experiment in the multi-metric chart reply (parallel arrays, one entry per point). */
export const chartSeries = z.object({
  metricName: z.string(),
  values: z.array(z.union([z.number(), z.string()])).describe('Numbers where the logged value is numeric, else the string.'),
  steps: z.array(z.number().int().nullable()),
  epochs: z.array(z.number().int().nullable()),
  timestamps: z.array(z.number().int()),
  durations: z.array(z.number().int()).describe("Milliseconds since the series' first point."),
});

/** One experiment in the multi-metric chart reply. */
export const chartExperiment = z.object({
  experimentKey: z.string(),
  experiment_key: z.string().describe('The same as experimentKey (the spelling of the Python SDK\'s documentation).'),
  steps: z.array(z.number().int()).describe('Every step of the returned points, ascending, once each.'),
  epochs: z.array(z.number().int()).describe('Every epoch of the returned points, ascending, once each.'),
  empty: z.boolean().describe('True when none of the requested metrics has a point.'),
  params: z.record(z.string(), z.string()).describe('Current value of each requested parameter the experiment has.'),
  metrics: z.array(chartSeries),
});
