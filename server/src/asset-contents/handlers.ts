import { notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { AssetServices } from '../assets/index.ts';
import type { Experiment } from '../experiments/index.ts';
import { createTableReader } from './table-reader.ts';
import { createWaveforms } from './waveforms.ts';

/** Handlers of the asset content reads: table pages and WAV waveforms, each with its cache in this service's memory. */
export function createAssetContentHandlers(services: AssetServices): HandlerTable {
  const { access, assets } = services;
  const tables = createTableReader(services.blobs);
  const waveforms = createWaveforms(services.blobs);
  /** The experiment's asset `assetId` (404 when unknown). */
  const assetOf = async (experiment: Experiment, assetId: string) => {
    const asset = await assets.byUuid(experiment.id, assetId);
    if (!asset) throw notFound(`No asset with assetId "${assetId}" in experiment "${experiment.key}".`);
    return asset;
  };
  return {
    readTable: async ({ query, caller }) => {
      const { experimentKey, assetId, ...wanted } = query;
      return tables.page(await assetOf(await access.experiment(caller, experimentKey), assetId), wanted);
    },
    readWaveform: async ({ query, caller }) => waveforms.of(await assetOf(await access.experiment(caller, query.experimentKey), query.assetId)),
  };
}
