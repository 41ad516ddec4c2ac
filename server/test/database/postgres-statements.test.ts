import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../src/process/services.ts';
import { openSecretBox } from '../../src/database/open-secrets.ts';
import { createEpochCommits } from '../../src/database/external-commits.ts';
import { openPostgres } from '../../src/database/postgres-database.ts';
import { postgresSql, toPostgresText } from '../../src/database/sql-postgres.ts';
import type { Sql } from '../../src/database/sql.ts';
import { freshPostgresDatabase } from '../support/test-database.ts';

describe('the statements the service prepares, on PostgreSQL', () => {
  // SQLite checks a statement when it is prepared, at start; PostgreSQL only when it first runs. A statement no test
  // runs on PostgreSQL (a `? IS NULL` whose type it cannot tell, once) would fail only in a team deployment.
  it('are every one accepted by PostgreSQL: valid syntax, and a type it can tell for every parameter', async () => {
    const pool = await openPostgres(await freshPostgresDatabase(), 1);
    const dataDir = mkdtempSync(join(tmpdir(), 'trackdesk-statements-'));
    try {
      const sql = postgresSql(pool);
      const texts = new Set<string>();
      const recording: Sql = {
        ...sql,
        prepare: <P extends unknown[] = unknown[], R = unknown>(text: string) => {
          texts.add(text);
          return sql.prepare<P, R>(text);
        },
      };
      const keepAlive = { isAliveBeatDurationMillis: 10_000, gpuMonitorIntervalMillis: 60_000, cpuMonitorIntervalMillis: 60_000 };
      const secrets = await openSecretBox(recording, { dataDir });
      const services = createServices({ sql: recording, externalCommits: createEpochCommits(recording), secrets }, { dataDir, webhooksAllowPrivate: false, allowSignUp: false, passwordSignIn: true, keepAlive, uploadLimitBytes: 1024 });
      await services.closing();
      const refused: string[] = [];
      for (const [index, text] of [...texts].entries()) {
        await pool.query(`PREPARE td_check_${index} AS ${toPostgresText(text)}`).then(
          () => pool.query(`DEALLOCATE td_check_${index}`),
          (error: unknown) => refused.push(`${(error as Error).message}: ${text}`),
        );
      }
      // Recording saw the stores (201 statements when written).
      expect(texts.size).toBeGreaterThan(150);
      expect(refused).toEqual([]);
    } finally {
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
