import { openPostgres } from '../../../src/database/postgres-database.ts';
import { postgresSql } from '../../../src/database/sql-postgres.ts';
import type { Sql } from '../../../src/database/sql.ts';
import { loggedPoint, type RawValue } from '../../../src/logged-data/summary.ts';
import type { MetricInput } from '../../../src/logged-data/append.ts';
import type { ArrivedPoint } from '../../../src/live/live-data-store.ts';
import { openStorageFixture, seedProject } from '../logging-fixtures.ts';
import { freshPostgresDatabase, type TestBackend } from '../../support/test-database.ts';

/** A database of either backend (all migrations applied) with a project to create experiments in. */
export interface BackendFixture {
  db: Sql;
  /** Creates an experiment and returns its row id. */
  newExperiment(): Promise<number>;
  close(): Promise<void>;
}

/** Opens a fresh database of `backend` with one user, workspace and project. */
export async function openBackendFixture(backend: TestBackend): Promise<BackendFixture> {
  if (backend === 'sqlite') return openStorageFixture();
  const pool = await openPostgres(await freshPostgresDatabase());
  const db = postgresSql(pool);
  const { newExperiment } = await seedProject(db);
  return { db, newExperiment, close: () => db.close() };
}

/** A point of a series as the reads answer it, with its arrival number within the series. */
export type ExpectedPoint = ArrivedPoint;

/** The points of `name` among `inputs` (given in arrival order), numbered by arrival, in arrival order. */
export function arrivals(inputs: readonly MetricInput[], name: string): ExpectedPoint[] {
  return inputs
    .filter((input) => input.name === name)
    .map((input, index) => ({
      seq: index + 1,
      value: loggedPoint(input.value as RawValue, input.timestamp, input.step, input.context).value,
      timestamp: input.timestamp,
      step: input.step,
      epoch: input.epoch,
      context: input.context,
    }));
}

/** Points in series order: no step first, then by step, timestamp and arrival. */
export const inSeriesOrder = (points: readonly ExpectedPoint[]): ExpectedPoint[] =>
  [...points].sort((a, b) => (a.step ?? -1) - (b.step ?? -1) || a.timestamp - b.timestamp || a.seq - b.seq);

/** A point without its arrival number, as series reads answer it. */
export const stored = ({ value, timestamp, step, epoch, context }: ExpectedPoint) => ({ value, timestamp, step, epoch, context });
