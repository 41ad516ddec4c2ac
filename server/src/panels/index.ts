/** The panels domain (panels and visualization stores): what other domains and the process may use of it. */
export { createPanelHandlers } from './panel-handlers.ts';
export { createPanelStore } from './panel-store.ts';
export type { PanelServices } from './services.ts';
export { createStoreHandlers } from './viz-store-handlers.ts';
export { createVizStoreStore } from './viz-store-store.ts';
