/** The run page's "Confusion matrices" tab. */
export { ConfusionMatricesTab } from './confusion-matrices-tab.tsx';
