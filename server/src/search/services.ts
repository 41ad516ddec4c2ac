import type { ExperimentServices } from '../experiments/index.ts';
import type { SearchStore } from './search-store.ts';

/** What the search domain uses of the service. */
export interface SearchServices extends ExperimentServices {
  /** Queries over a project's experiments (project/query, experiments/search, paged lists). */
  search: SearchStore;
}
