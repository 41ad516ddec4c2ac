/** The views domain (a project's named analysis views): what the process may use of it. */
export { createViewHandlers } from './view-handlers.ts';
export { createViewStore } from './view-store.ts';
export type { ViewServices } from './services.ts';
