/** The run page's "Curves" tab. */
export { CurvesTab } from './curves-tab.tsx';
