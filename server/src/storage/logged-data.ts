import type { Sql } from './sql.ts';
import { createGroupCommit, type GroupCommit } from './logged-data-batch.ts';
import { createLoggedDependencyStore, type LoggedDependencyStore } from './logged-data-dependencies.ts';
import { createLoggedDocumentStore, type LoggedDocumentStore } from './logged-data-documents.ts';
import { createLoggedOutputStore, type LoggedOutputStore } from './logged-data-output.ts';
import { createLoggedTagStore, type LoggedTagStore } from './logged-data-tags.ts';
import { createLoggedValueStore, type LoggedValueStore } from './logged-data-values.ts';

/** Everything logged to experiments (E27–E43, E55), one store per aggregate. */
export interface LoggedDataStore {
  values: LoggedValueStore;
  output: LoggedOutputStore;
  documents: LoggedDocumentStore;
  tags: LoggedTagStore;
  /** Declared dependencies (migration 008). */
  dependencies: LoggedDependencyStore;
  /** Group commit for logging writes. */
  batch: GroupCommit;
}

/** Creates the logged-data stores over a database (migration 002). */
export function createLoggedDataStore(db: Sql): LoggedDataStore {
  const values = createLoggedValueStore(db);
  return {
    values,
    output: createLoggedOutputStore(db),
    documents: createLoggedDocumentStore(db),
    tags: createLoggedTagStore(db),
    dependencies: createLoggedDependencyStore(db),
    // PostgreSQL reads the series rows with BEGIN (a round trip fewer); SQLite's reads cost no round trip.
    batch: createGroupCommit(db, { around: values.deferringWrites, prefetch: db.dialect === 'postgres' ? values.prefetchSeries : undefined }),
  };
}
