import type { LoggedDataServices } from '../logged-data/index.ts';
import type { ChangeStore } from './change-store.ts';
import type { LiveDataStore } from './live-data-store.ts';

/** What the live domain uses of the service. */
export interface LiveServices extends LoggedDataServices {
  /** What changed in a project's experiment list since a reader's last look. */
  changes: ChangeStore;
  /** What an experiment logged since a reader's last look. */
  liveData: LiveDataStore;
}
