/** The asset contents domain (what is inside an asset, read by the service: table pages, audio waveforms): what the process uses of it. */
export { createAssetContentHandlers } from './handlers.ts';
