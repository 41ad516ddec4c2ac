/** The run page's "Audio" tab: players, waveforms and metadata of the audio a run logged. */
export { AudioTab } from './audio-tab.tsx';
