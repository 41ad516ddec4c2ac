import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { experimentKey, msgReply, nonEmpty } from './fields.ts';

const group = 'clientlib';
const apiKey = z.string().max(1000).nullish().describe('The API key, when no Authorization header is sent.');
const clientAssetId = z.string().trim().min(1).max(200).nullish().describe("The client's id for the asset (the SDK builds URLs from it).");
const metadata = z.string().max(1_000_000).nullish().describe('A string holding JSON.');
const link = nonEmpty(8192).describe('The remote address: an absolute URL of any scheme (https, s3, gs…).');

/** One remote file of `log_remote_model` (clients.md B.7). */
const remoteEntity = z.object({ assetId: clientAssetId, remoteUrl: link, fileName: z.string().max(1000).nullish(), metadata });

/** One remote file of an artifact version, as the SDK batches them (clients.md B.7). */
const remoteArtifactAsset = z.object({
  link,
  type: z.string().max(100).nullish(),
  metadata,
  assetId: clientAssetId,
  fileName: z.string().max(1000).nullish(),
  isRemote: z.boolean().nullish(),
  overwrite: z.boolean().nullish().describe("Replace the experiment's assets of the same file name."),
  step: z.number().int().min(0).nullish(),
  context: z.string().max(1000).nullish(),
  runId: z.string().max(200).nullish(),
  artifactVersionId: nonEmpty(200).describe('The artifact version the file belongs to (it must be OPEN).'),
});

/** Remote models and remote artifact files of the live SDK (clients.md B.7), stored as E44/E46 store remote assets. */
export const clientlibRemoteEndpoints = {
  clientlibLogRemoteModel: defineEndpoint({
    id: 'clientlib.logRemoteModel',
    summary:
      'Log a model whose files stay remote (log_remote_model): the experiment model modelName with one remote model-element asset ' +
      'per entity, under the client assetIds; all or nothing.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/asset/log-remote-model',
    keyInBody: 'apiKey',
    keyInQuery: 'apiKey',
    body: z.object({ apiKey, experimentKey, modelName: nonEmpty(1000), remoteEntities: z.array(remoteEntity).min(1).max(10_000) }),
    reply: msgReply('Saved').extend({ experimentModelId: z.string(), assetIds: z.array(z.string()) }),
  }),
  clientlibArtifactRemoteAssets: defineEndpoint({
    id: 'clientlib.artifactRemoteAssets',
    summary:
      'Add remote files to artifact versions (LoggedArtifact.add_remote, sent gzip): stored as E46 stores remote assets, under the ' +
      'client assetIds, overwrite as E44; all or nothing.',
    group,
    method: 'POST',
    needs: 'write',
    path: '/clientlib/rest/v2/write/artifact/assets/remote/batch',
    query: z.object({ experimentKey }),
    body: z.object({ remoteArtifactAssetRequests: z.array(remoteArtifactAsset).min(1).max(10_000) }),
    reply: msgReply('Saved').extend({ assetIds: z.array(z.string()) }),
  }),
};
