import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { api, fullPath } from '../../shared/api/index.ts';
import type { ServiceAccess } from './registry-seed.ts';

/** The headers the Python SDK 3.54.0 sends on its calls (clients.md §0). */
const sdkHeaders = (access: ServiceAccess, experimentKey: string): Record<string, string> => ({
  authorization: access.apiKey,
  'x-comet-debug-sdk-version': '3.54.0',
  'x-comet-debug-experiment-key': experimentKey,
  'user-agent': 'python-requests/2.32.3',
});

/** Sends one call as the SDK does and fails unless it answered 200; answers the JSON reply. */
async function send(access: ServiceAccess, experimentKey: string, path: string, init: { method: 'GET' | 'POST'; body?: BodyInit; headers?: Record<string, string> }): Promise<Record<string, unknown>> {
  const response = await fetch(`${access.baseUrl}${path}`, { method: init.method, body: init.body, headers: { ...sdkHeaders(access, experimentKey), ...init.headers } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const json = (body: unknown, gzip = false) => {
  const bytes = Buffer.from(JSON.stringify(body));
  return {
    body: new Uint8Array(gzip ? gzipSync(bytes) : bytes),
    headers: { 'content-type': 'application/json;charset=utf-8', ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
  };
};

/** A 32-hex-character id, as `comet_ml` makes experiment keys and asset ids. */
const sdkId = () => randomBytes(16).toString('hex');

/** Starts a run as `Experiment(project_name=…, workspace="admin")` does (the live handshake), and answers its experiment key. */
export async function startRun(access: ServiceAccess, projectName: string): Promise<string> {
  const experimentKey = sdkId();
  const body = { apiKey: access.apiKey, experimentKey, projectName, teamName: 'admin', offline: false, getOrCreateEnabled: false, libVersion: '3.54.0', local_timestamp: Date.now() };
  await send(access, experimentKey, '/clientlib/logger/add/run', { method: 'POST', ...json(body) });
  return experimentKey;
}

/**
 * `Experiment.log_artifact` as the Python SDK runs it: upsert with no version, the producer's read by ids, each file
 * through the live front door's upload with `artifactVersionId`, the remote ones in one batch, then CLOSED.
 */
export async function logArtifact(
  access: ServiceAccess,
  producer: string,
  artifact: { name: string; type: string; alias: string[]; files: Record<string, string>; remote: string[] },
): Promise<{ artifactId: string; artifactVersionId: string; currentVersion: string }> {
  const upsertBody = { artifactName: artifact.name, artifactType: artifact.type, experimentKey: producer, versionMetadata: '{"source":"e2e"}', version: null, alias: artifact.alias, versionTags: ['raw'] };
  const upsert = await send(access, producer, fullPath(api.upsertArtifact), { method: 'POST', ...json(upsertBody) });
  const artifactId = String(upsert.artifactId);
  const artifactVersionId = String(upsert.artifactVersionId);
  await send(access, producer, `${fullPath(api.getArtifactVersion)}?artifactId=${artifactId}&versionId=${artifactVersionId}`, { method: 'GET' });
  for (const [fileName, text] of Object.entries(artifact.files)) {
    const query = new URLSearchParams({ experimentId: producer, apiKey: access.apiKey, runId: 'r', assetId: sdkId(), fileName, overwrite: 'False', artifactVersionId });
    const form = new FormData();
    form.append('file', new Blob([text]), 'file');
    await send(access, producer, `/clientlib/asset/upload?${query}`, { method: 'POST', body: form });
  }
  if (artifact.remote.length > 0) {
    const remoteArtifactAssetRequests = artifact.remote.map((link) => ({
      link, type: 'asset', metadata: null, assetId: sdkId(), fileName: link.split('/').pop(), isRemote: true, overwrite: false, step: 0, context: null, runId: 'r', artifactVersionId,
    }));
    await send(access, producer, `/clientlib/rest/v2/write/artifact/assets/remote/batch?experimentKey=${producer}`, { method: 'POST', ...json({ remoteArtifactAssetRequests }, true) });
  }
  await send(access, producer, fullPath(api.setArtifactState), { method: 'POST', ...json({ experimentKey: producer, artifactVersionId, state: 'CLOSED' }) });
  return { artifactId, artifactVersionId, currentVersion: String(upsert.currentVersion) };
}

/** `Experiment.get_artifact(name)` of a consuming run: the newest CLOSED version, recording the run in the lineage. */
export async function consumeArtifact(access: ServiceAccess, consumer: string, name: string): Promise<void> {
  await send(access, consumer, `${fullPath(api.getArtifactVersion)}?workspace=admin&artifactName=${encodeURIComponent(name)}&consumerExperimentKey=${consumer}`, { method: 'GET' });
}
