/** The run page's "Video" tab: a player for each video a run logged. */
export { VideoTab } from './video-tab.tsx';
