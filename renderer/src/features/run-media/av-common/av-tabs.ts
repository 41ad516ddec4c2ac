import { isTableAsset } from '../../../../../shared/media/tables.ts';
import type { RunAsset } from './asset-picks.ts';

/** The run page tabs of audio, video, text and tables, each with the assets that make it shown. */
export const AV_TABS = {
  Audio: (asset: RunAsset) => asset.type === 'audio' || asset.audio,
  Video: (asset: RunAsset) => asset.type === 'video' || asset.video,
  Text: (asset: RunAsset) => asset.type === 'text-sample',
  Tables: (asset: RunAsset) => isTableAsset(asset),
} as const;

/** The name of one of those tabs. */
export type AvTab = keyof typeof AV_TABS;

/** Whether a tab name is one of those tabs. */
export const isAvTab = (name: string): name is AvTab => Object.hasOwn(AV_TABS, name);

/** The tabs among them a run's assets call for (a tab shows once the run has one asset of its kind). */
export function avTabsOf(assets: readonly RunAsset[]): Set<AvTab> {
  return new Set((Object.keys(AV_TABS) as AvTab[]).filter((tab) => assets.some(AV_TABS[tab])));
}
