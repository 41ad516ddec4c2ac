/** What the audio, video, text and tables tabs share: reading an asset's bytes, "cannot display" with download, picking and labelling assets. */
export { MEDIA_MAX_BYTES, useAssetBytes, useAssetObjectUrl } from './asset-bytes.ts';
export { CannotDisplay, DownloadButton } from './cannot-display.tsx';
export { MetadataList } from './metadata-list.tsx';
export { useRunAssets } from './run-assets.ts';
export { byStepThenName, focusedAsset, metadataEntries, stepLabel } from './asset-picks.ts';
export type { RunAsset } from './asset-picks.ts';
