/** The run page's Images tab, and the image previews other views reuse (images side by side across runs). */
export { ImagesTab, type MediaFocus } from './images-tab.tsx';
export { Thumbnail, type ThumbnailProps } from './thumbnail.tsx';
export { useRunImages } from './use-run-images.ts';
export { FULL_IMAGE_MAX_BYTES, thumbnailKey, useFullImage, useThumbnail, type LoadedImage, type ThumbnailTarget } from './use-thumbnail.ts';
