/** The assets feature: the panel the experiment page shows. */
export { AssetsPanel } from './assets-panel.tsx';
