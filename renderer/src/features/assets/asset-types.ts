/** The list filters the service understands (compat.md §3): all, or one kind. */
export const TYPE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'histogram_combined_3d', label: 'Histograms' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
] as const;

/** One of the list filters. */
export type TypeFilter = (typeof TYPE_FILTERS)[number]['value'];

/** The upload type that means "decide from the file name". */
export const AUTOMATIC_TYPE = 'automatic';

/** Asset types seen in the wild (compat.md §3), offered when uploading; any other text is allowed too. */
export const KNOWN_TYPES = [
  'asset',
  'image',
  'audio',
  'video',
  'histogram3d',
  'text-sample',
  'source_code',
  'notebook',
  'curve',
  'confusion-matrix',
  'model-element',
] as const;

const BY_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg', 'tif', 'tiff', 'avif'].map((ext) => [ext, 'image'])),
  ...Object.fromEntries(['wav', 'mp3', 'ogg', 'oga', 'flac', 'm4a', 'aac', 'opus'].map((ext) => [ext, 'audio'])),
  ...Object.fromEntries(['mp4', 'webm', 'mov', 'avi', 'mkv', 'm4v', 'ogv'].map((ext) => [ext, 'video'])),
  ipynb: 'notebook',
};

/** The asset type for a file: the chosen one, or for "automatic" the kind its extension names (else `asset`). */
export function assetTypeFor(fileName: string, chosen: string): string {
  const type = chosen.trim();
  if (type && type !== AUTOMATIC_TYPE) return type;
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return BY_EXTENSION[extension] ?? 'asset';
}
