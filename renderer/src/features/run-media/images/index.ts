/** The run page's Images tab, and the image previews other views reuse (images side by side across runs). */
export { ImagesTab } from './images-tab.tsx';
export { Thumbnail } from './thumbnail.tsx';
export { thumbnailKey, useThumbnail } from './use-thumbnail.ts';
