import { invoke } from '../../../bridge.ts';

/** The largest JSON asset a panel reads (a curve, a confusion matrix, one step of a histogram). */
const MAX_TEXT_BYTES = 16 * 1024 * 1024;

/** The UTF-8 text a `data:` URL carries. */
export function dataUrlText(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  const head = dataUrl.slice(0, comma);
  const body = dataUrl.slice(comma + 1);
  if (!head.endsWith(';base64')) return decodeURIComponent(body);
  const binary = atob(body);
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The text of a run's asset, read through the backend (the API key never reaches the renderer). */
export async function readAssetText(profileId: string, experimentKey: string, assetId: string): Promise<string> {
  return dataUrlText((await invoke('transfers.preview', { endpoint: 'downloadAsset', query: { experimentKey, assetId }, maxBytes: MAX_TEXT_BYTES, profileId })).dataUrl);
}
