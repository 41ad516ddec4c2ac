import type { Sql } from '../database/sql.ts';
import { createGroupCommit, type GroupCommit } from './batch.ts';
import { createLoggedDependencyStore, type LoggedDependencyStore } from './dependencies.ts';
import { createLoggedDocumentStore, type LoggedDocumentStore } from './documents.ts';
import { createLoggedOutputStore, type LoggedOutputStore } from './output.ts';
import { createLoggedTagStore, type LoggedTagStore } from './tags.ts';
import { createLoggedValueStore, type LoggedValueStore } from './values.ts';

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
    batch: createGroupCommit(db, { around: values.deferringWrites, aroundNow: values.deferringWritesNow, prefetch: db.dialect === 'postgres' ? values.prefetchSeries : undefined }),
  };
}
