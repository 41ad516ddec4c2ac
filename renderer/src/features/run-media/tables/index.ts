/** The run page's "Tables" tab: the CSV, TSV and JSON-records tables a run logged, sortable and filterable. */
export { TablesTab } from './tables-tab.tsx';
