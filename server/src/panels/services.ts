import type { AssetServices } from '../assets/index.ts';
import type { PanelStore } from './panel-store.ts';
import type { VizStoreStore } from './viz-store-store.ts';

/** What the panels domain uses of the service (the blobs and uploads of the assets domain among it). */
export interface PanelServices extends AssetServices {
  panels: PanelStore;
  vizStores: VizStoreStore;
}
