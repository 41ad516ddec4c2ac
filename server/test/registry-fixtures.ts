import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/** The admin's default workspace on a test server. */
export const WORKSPACE = 'admin';

/** A multipart form holding `bytes` in the part `file` (plus further text parts). */
export function fileForm(bytes: string | Uint8Array, fileName: string, parts: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), fileName);
  return form;
}

/** Creates an experiment in the admin workspace and returns its key. */
export async function newExperiment(server: Pick<TestServer, 'call'>, projectName = 'models'): Promise<string> {
  const created = await server.call('createExperiment', { body: { workspaceName: WORKSPACE, projectName } });
  expect(created.status).toBe(200);
  return created.body.experimentKey;
}

/** Uploads one model file (`type=model-element`) and returns the experimentModelId it created or extended. */
export async function uploadModelFile(server: Pick<TestServer, 'call'>, experimentKey: string, modelName: string, fileName = 'weights.bin'): Promise<string> {
  const uploaded = await server.call('uploadAsset', {
    query: { experimentKey, type: 'model-element', groupingName: modelName, fileName },
    form: fileForm(`weights of ${modelName}`, fileName),
  });
  expect(uploaded.status).toBe(200);
  const { experimentModelId } = uploaded.body;
  if (!experimentModelId) throw new Error('no experimentModelId in the upload reply');
  return experimentModelId;
}

/** An experiment with one model, ready to register. */
export async function experimentWithModel(server: Pick<TestServer, 'call'>, modelName = 'classifier'): Promise<{ experimentKey: string; experimentModelId: string }> {
  const experimentKey = await newExperiment(server);
  return { experimentKey, experimentModelId: await uploadModelFile(server, experimentKey, modelName) };
}
