import { isTableAsset } from '../../../../shared/media/tables.ts';
import type { RunAsset } from './av-common/asset-picks.ts';

/** The run page's media tabs, in their order, each with the assets it shows (a tab is shown once the run has one). */
export const MEDIA_TABS = {
  Images: (asset: RunAsset) => asset.type === 'image' || asset.image,
  'Confusion matrices': (asset: RunAsset) => asset.type === 'confusion-matrix',
  Histograms: (asset: RunAsset) => asset.type === 'histogram3d',
  Curves: (asset: RunAsset) => asset.type === 'curve',
  Audio: (asset: RunAsset) => asset.type === 'audio' || asset.audio,
  Video: (asset: RunAsset) => asset.type === 'video' || asset.video,
  Text: (asset: RunAsset) => asset.type === 'text-sample',
  Tables: (asset: RunAsset) => isTableAsset(asset),
} as const;

/** The name of a media tab. */
export type MediaTab = keyof typeof MEDIA_TABS;

const TAB_NAMES = Object.keys(MEDIA_TABS) as MediaTab[];

/** Whether a tab name is a media tab's. */
export const isMediaTab = (name: string): name is MediaTab => Object.hasOwn(MEDIA_TABS, name);

/** The media tabs a run's assets call for. */
export function mediaTabsOf(assets: readonly RunAsset[]): Set<MediaTab> {
  return new Set(TAB_NAMES.filter((tab) => assets.some(MEDIA_TABS[tab])));
}

/** The media tab that shows this asset, if one does (the Assets table links such rows to it). */
export function mediaTabOf(asset: RunAsset): MediaTab | undefined {
  return TAB_NAMES.find((tab) => MEDIA_TABS[tab](asset));
}
