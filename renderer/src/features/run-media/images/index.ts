/** The run page's Images tab, and the image previews other views reuse (images side by side across runs). */
export { Thumbnail, type ThumbnailProps } from './thumbnail.tsx';
export { FULL_IMAGE_MAX_BYTES, thumbnailKey, useFullImage, useThumbnail, type LoadedImage, type ThumbnailTarget } from './use-thumbnail.ts';
