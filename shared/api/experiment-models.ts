import { z } from 'zod';
import { assetRecord } from './assets.ts';
import { defineEndpoint } from './define.ts';
import { experimentKey, nonEmpty } from './fields.ts';

const experimentModel = z.object({ experimentKey, modelName: nonEmpty(1000) });

/** The experiment model reads of clients.md A.1: one model's files, listed and as a zip. */
export const experimentModelEndpoints = {
  listExperimentModelAssets: defineEndpoint({
    id: 'read.experimentModelAssets',
    summary: "The files (type model-element) of one of an experiment's models.",
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/model/asset/list',
    query: experimentModel,
    reply: z.object({ assets: z.array(assetRecord) }),
  }),
  downloadExperimentModel: defineEndpoint({
    id: 'read.experimentModelDownload',
    summary: "A zip of one of an experiment's models (its uploaded files), streamed.",
    group: 'assets',
    method: 'GET',
    needs: 'read',
    path: 'experiment/model/download',
    query: experimentModel,
    replyKind: 'binary',
  }),
};
