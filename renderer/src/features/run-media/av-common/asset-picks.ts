import type { ApiReply } from '../../../lib/api.ts';
import type { MediaFocus } from '../media-focus.ts';

/** An asset as the run's list answers it. */
export type RunAsset = ApiReply<'listAssets'>['assets'][number];

/** Assets in step order (no step first), then by name. */
export function byStepThenName(assets: readonly RunAsset[]): RunAsset[] {
  return [...assets].sort((a, b) => (a.step ?? -1) - (b.step ?? -1) || a.fileName.localeCompare(b.fileName));
}

/** The asset a focus names (name and step, or the name's first), else the first. */
export function focusedAsset(assets: readonly RunAsset[], focus: MediaFocus | undefined): RunAsset | undefined {
  const named = focus?.name === undefined ? assets : assets.filter((asset) => asset.fileName === focus.name);
  return named.find((asset) => focus?.step === undefined || asset.step === focus.step) ?? named[0] ?? assets[0];
}

/** The user metadata of an asset as key/value texts (an unreadable one as one entry saying so). */
export function metadataEntries(metadata: string | null): [string, string][] {
  if (!metadata) return [];
  try {
    const parsed: unknown = JSON.parse(metadata);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [['metadata', metadata]];
    return Object.entries(parsed).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]);
  } catch {
    return [['metadata', metadata]];
  }
}

/** "step N", or "no step". */
export const stepLabel = (step: number | null): string => (step === null ? 'no step' : `step ${step}`);
