/** The run page's "Histograms" tab. */
export { HistogramsTab } from './histograms-tab.tsx';
