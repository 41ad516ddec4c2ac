/** The live domain (what changed since a reader's last look: the experiment list and logged data, for the live views): what other domains and the process may use of it. */
export { createChangeStore } from './change-store.ts';
export { createLiveDataStore } from './live-data-store.ts';
export { createLiveHandlers } from './live-handlers.ts';
export type { LiveServices } from './services.ts';
