import type { ExperimentServices } from '../experiments/index.ts';
import type { ViewStore } from './view-store.ts';

/** What the views domain uses of the service. */
export interface ViewServices extends ExperimentServices {
  /** A project's named analysis views. */
  views: ViewStore;
}
