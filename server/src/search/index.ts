/** The search domain (queries over a project's experiments and the experiment list): what other domains and the process may use of it. */
export { createSearchHandlers } from './search-handlers.ts';
export { createSearchStore } from './search-store.ts';
export type { SearchServices } from './services.ts';
