import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, messageReply } from './fields.ts';

const group = 'clientlib';
/** The API key clientlib bodies carry beside the Authorization header (clients.md §0). */
const apiKey = z.string().max(1000).nullish().describe('The API key, when no Authorization header is sent.');
/** A client clock reading (ms) the service does not use. */
const clientTimestamp = z.number().nullish().describe('The client clock (ms); not used.');
const runId = z.string().max(200).nullish().describe('The handshake runId, echoed by the client; any value is accepted.');

/** The handshake reply the Python SDK reads (clients.md B.2). */
export const runReply = z.object({
  msg: z.string(),
  runId: z.string(),
  experimentKey: z.string(),
  project_id: z.string().describe('The project id, snake_case: what the SDK reads.'),
  projectId: z.string(),
  projectName: z.string(),
  workspaceName: z.string(),
  name: z.string().nullable(),
  focusUrl: z.string().describe('The experiment URL is focusUrl + experimentKey.'),
  lastOffset: z.number().int().describe('The largest output-line offset stored (0 for a new run).'),
  upload_file_size_limit_in_mb: z.number().int(),
  uploadVideoMaxSizeMB: z.number().int(),
  asset_upload_file_size_limit_in_mb: z.number().int(),
  s3DirectAccessEnabled: z.literal(false),
  featureToggles: z.array(z.object({ name: z.string(), enabled: z.boolean() })),
  cometWebAssetUrl: z.string(),
  cometRestApiAssetUrl: z.string(),
  cometWebImageUrl: z.string(),
  cometRestApiImageUrl: z.string(),
  artifactNameMaxLength: z.number().int().nullable(),
  assetNameMaxLength: z.number().int().nullable(),
  imageNameMaxLength: z.number().int().nullable(),
  githubEnabled: z.boolean(),
});

/** The heartbeat reply, snake_case unlike E9's (clients.md B.4). */
const statusReply = z.object({
  is_alive_beat_duration_millis: z.number().int(),
  gpu_monitor_interval_millis: z.number().int(),
  cpu_monitor_interval_millis: z.number().int(),
  parameter_update_interval_millis: z.number().int(),
  pending_rpcs: z.boolean().describe('True while remote calls wait that the process has not fetched yet.'),
});

/** The Python SDK's handshake, heartbeat, ping and limits (clients.md B.2–B.4), under `/clientlib/`. */
export const clientlibLoggerEndpoints = {
  clientlibAddRun: defineEndpoint({
    id: 'clientlib.addRun',
    summary:
      'Start a run with the client-generated experimentKey (created in teamName/projectName, defaults when null). ' +
      'An existing key → 400 (90999) unless getOrCreateEnabled, which resumes it. A missing, unknown or mismatched key → 400 (90212).',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/logger/add/run',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    keyRefusalStatus: 400,
    body: z.object({
      apiKey,
      experimentKey,
      projectName: z.string().max(10_000).nullish().describe("The project; null → the workspace's Uncategorized project."),
      teamName: z.string().max(1000).nullish().describe("The workspace; null → the caller's default workspace."),
      offline: z.boolean().nullish(),
      getOrCreateEnabled: z.boolean().nullish(),
      libVersion: z.string().max(100).nullish(),
      local_timestamp: clientTimestamp,
    }),
    reply: runReply,
  }),
  clientlibGetRun: defineEndpoint({
    id: 'clientlib.getRun',
    summary: "Resume an existing run (ExistingExperiment): 400 (90210) when the key is unknown or not the caller's; a bad API key → 400 (90212).",
    group,
    method: 'POST',
    needs: 'read',
    path: '/clientlib/logger/get/run',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    keyRefusalStatus: 400,
    body: z.object({ apiKey, previousExperiment: experimentKey, libVersion: z.string().max(100).nullish(), local_timestamp: clientTimestamp }),
    reply: runReply,
  }),
  clientlibPing: defineEndpoint({
    id: 'clientlib.healthPing',
    summary: 'Connection probe the SDK sends every ~2 s (no key needed).',
    group,
    method: 'GET',
    needs: 'none',
    path: '/clientlib/health/ping',
    reply: messageReply,
  }),
  clientlib3dLimits: defineEndpoint({
    id: 'clientlib.3dLimits',
    summary: 'Limits of 3-D point clouds (always answered, whatever the experiment: an error body would crash log_points_3d).',
    group,
    method: 'POST',
    needs: 'read',
    path: '/clientlib/asset/3d-limits',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: z.object({ apiKey, experimentKey: z.string().max(200).nullish() }),
    reply: z.object({
      maxPoints: z.number().int(),
      maxBoxes: z.number().int(),
      maxPointsFileSizeInBytes: z.number().int(),
      maxBoxesFileSizeInBytes: z.number().int(),
    }),
  }),
  clientlibStatusUpdate: defineEndpoint({
    id: 'clientlib.statusUpdate',
    summary: 'Heartbeat: is_alive=true keeps the run running (E9); is_alive=false ends it now.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/status-report/update',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: z.object({
      apiKey,
      runId,
      experimentKey,
      projectId: z.string().max(200).nullish(),
      is_alive: z.boolean(),
      local_timestamp: clientTimestamp,
      offline: z.boolean().nullish(),
    }),
    reply: statusReply,
  }),
  clientlibOfflineMetadata: defineEndpoint({
    id: 'clientlib.offlineMetadata',
    summary: "An offline archive's start and end times (E10's rules; start null keeps or derives it).",
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/status-report/offline-metadata',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: z.object({
      apiKey,
      runId,
      experimentKey,
      startTimestamp: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
      endTimestamp: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
    reply: messageReply,
  }),
};
