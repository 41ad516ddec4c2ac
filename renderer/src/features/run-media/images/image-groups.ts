import type { AssetRecord } from '../../assets/asset-record.ts';

/** The images logged under one name, in step order (then context, then upload time). */
export interface ImageGroup {
  name: string;
  images: AssetRecord[];
}

/** An image's step for ordering (an image logged without a step comes first). */
const stepOf = (image: AssetRecord): number => image.step ?? -1;

/** Groups image assets by name (sorted by name), each in step order. */
export function groupImages(assets: readonly AssetRecord[]): ImageGroup[] {
  const byName = new Map<string, AssetRecord[]>();
  for (const asset of assets) {
    const images = byName.get(asset.fileName) ?? [];
    images.push(asset);
    byName.set(asset.fileName, images);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, images]) => ({
      name,
      images: images.sort((a, b) => stepOf(a) - stepOf(b) || (a.runContext ?? '').localeCompare(b.runContext ?? '') || a.createdAt - b.createdAt),
    }));
}

/** The position of the image a group shows at `step`: the last one logged at or before it (the first when all are after). */
export function indexAtStep(group: ImageGroup, step: number): number {
  let found = 0;
  group.images.forEach((image, index) => {
    if (stepOf(image) <= step) found = index;
  });
  return found;
}

/** Every step any group logged an image at, ascending (what the "all groups together" slider moves through). */
export function allSteps(groups: readonly ImageGroup[]): number[] {
  return [...new Set(groups.flatMap((group) => group.images.map(stepOf)))].sort((a, b) => a - b);
}

/** The step shown for an image: its step, or "no step". */
export const stepLabel = (image: AssetRecord): string => (image.step === null ? 'no step' : `Step ${image.step}`);
