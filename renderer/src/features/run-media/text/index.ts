/** The run page's "Text" tab: the text samples a run logged. */
export { TextSamplesTab } from './text-samples-tab.tsx';
