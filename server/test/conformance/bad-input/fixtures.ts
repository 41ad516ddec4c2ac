import { callEndpoint, type CallResult } from '../../support/harness.ts';
import type { EndpointName } from '../../../../shared/api/index.ts';

/**
 * Real identifiers by the field names the contract uses for them, so that malformed requests built on a valid base reach
 * past "unknown experiment" into the handlers. Any endpoint works without them (the samples are then placeholders).
 */
export type FixtureValues = Record<string, unknown>;

const WORKSPACE = 'admin';

/** Which fixture each field needs (fields not listed need none or are plain names). */
const NEEDS: Record<string, 'project' | 'experiment' | 'asset' | 'model' | 'artifact' | 'panel' | 'rpc' | 'store' | 'view'> = {
  projectId: 'project',
  projectName: 'project',
  targetProjectName: 'project',
  experimentKey: 'experiment',
  exerimentKey: 'experiment',
  experimentKeys: 'experiment',
  targetedExperiments: 'experiment',
  assetId: 'asset',
  experimentModelId: 'model',
  registryModelId: 'model',
  registryModelItemId: 'model',
  modelItemId: 'model',
  registryModelName: 'model',
  modelName: 'model',
  artifactName: 'artifact',
  artifact_id: 'artifact',
  artifactVersionId: 'artifact',
  templateId: 'panel',
  callId: 'rpc',
  instanceId: 'store',
  viewId: 'view',
};

/** A multipart form with `text` in the part `file`. */
function fileForm(text: string, fileName: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([text]), fileName);
  return form;
}

async function ok<N extends EndpointName>(result: Promise<CallResult<N>>, what: string): Promise<CallResult<N>['body']> {
  const reply = await result;
  if (reply.status !== 200) throw new Error(`fixture ${what}: ${reply.status} ${reply.bytes.toString('utf8').slice(0, 300)}`);
  return reply.body;
}

/**
 * Creates what an endpoint with these input fields refers to (a project and experiment, an asset, a model registered in the
 * registry, an artifact, a panel, an rpc call, a store), named with `suffix`: fresh ones per endpoint, so that one
 * endpoint's accidental deletes do not weaken the next.
 */
export async function createFixtures(url: string, suffix: string, fields: readonly string[]): Promise<FixtureValues> {
  const needs = new Set(fields.map((field) => NEEDS[field]));
  const values: FixtureValues = { workspaceName: WORKSPACE, workspace: WORKSPACE, teamName: WORKSPACE, targetWorkspaceName: WORKSPACE };
  if (needs.size === 1 && needs.has(undefined)) return values;
  const projectName = `bad-input-${suffix}`;
  const { projectId } = await ok(callEndpoint(url, 'createProject', { body: { workspaceName: WORKSPACE, projectName, projectDescription: '', isPublic: false } }), 'project');
  Object.assign(values, { projectName, targetProjectName: projectName, projectId });
  const needsExperiment = [...needs].some((need) => need && need !== 'project' && need !== 'panel' && need !== 'store' && need !== 'view');
  if (!needsExperiment) return Object.assign(values, await standalone(url, suffix, needs, projectId));
  const { experimentKey } = await ok(callEndpoint(url, 'createExperiment', { body: { workspaceName: WORKSPACE, projectName } }), 'experiment');
  Object.assign(values, { experimentKey, exerimentKey: experimentKey, experimentKeys: [experimentKey], targetedExperiments: [experimentKey] });
  if (needs.has('asset')) {
    const { assetId } = await ok(callEndpoint(url, 'uploadAsset', { query: { experimentKey, fileName: 'a.txt' }, form: fileForm('asset', 'a.txt') }), 'asset');
    values.assetId = assetId;
  }
  if (needs.has('model')) {
    const modelName = `bad-input-model-${suffix}`;
    const query = { experimentKey, type: 'model-element', groupingName: modelName, fileName: 'w.bin' };
    const { experimentModelId = '' } = await ok(callEndpoint(url, 'uploadAsset', { query, form: fileForm('weights', 'w.bin') }), 'model file');
    const registry = await ok(callEndpoint(url, 'createRegistryModel', { body: { experimentModelId, registryModelName: modelName, stages: ['staging'] } }), 'registry model');
    const { registryModelId, registryModelItemId } = registry;
    Object.assign(values, { experimentModelId, registryModelName: modelName, modelName, registryModelId, registryModelItemId, modelItemId: registryModelItemId });
  }
  if (needs.has('artifact')) {
    const artifact = await ok(callEndpoint(url, 'upsertArtifact', { body: { experimentKey, artifactName: 'data', artifactType: 'dataset' } }), 'artifact');
    Object.assign(values, { artifactName: 'data', artifact_id: artifact.artifactId, artifactVersionId: artifact.artifactVersionId });
  }
  if (needs.has('rpc')) values.callId = (await ok(callEndpoint(url, 'sendRpc', { body: { experimentKey, functionName: 'f', arguments: {} } }), 'rpc call')).callId;
  return Object.assign(values, await standalone(url, suffix, needs, projectId));
}

/** The fixtures that need no experiment: a panel, a visualization store and an analysis view. */
async function standalone(url: string, suffix: string, needs: Set<string | undefined>, projectId: string): Promise<FixtureValues> {
  const values: FixtureValues = {};
  if (needs.has('panel')) values.templateId = (await ok(callEndpoint(url, 'uploadPanel', { query: { teamName: WORKSPACE }, form: fileForm('zip', 'panel.zip') }), 'panel')).templateId;
  if (needs.has('store')) {
    const instanceId = `bad-input-store-${suffix}`;
    await ok(callEndpoint(url, 'saveStore', { body: { instanceId, projectId, store: '{}' } }), 'store');
    values.instanceId = instanceId;
  }
  if (needs.has('view')) {
    const state = { panels: [], table: { query: '', columns: [], sort: null } };
    values.viewId = (await ok(callEndpoint(url, 'createAnalysisView', { body: { projectId, name: `bad-input-view-${suffix}`, state } }), 'view')).viewId;
  }
  return values;
}
