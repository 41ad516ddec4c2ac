import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { copyBlobsToS3 } from '../blobs/copy-blobs.ts';
import { createS3Client, parseS3Location } from '../blobs/s3-blob-store.ts';
import { databaseFile, openDatabase } from '../database/database.ts';
import { copySqliteToPostgres } from '../database/copy/postgres-copy.ts';
import { openPostgres } from '../database/postgres-database.ts';

/**
 * `migrate --from <data dir> --blobs-to s3://bucket/prefix`: copies the data dir's blobs into the object store under the
 * same names, each verified by size and SHA-256; a re-run skips the blobs already copied and verified.
 */
async function copyBlobs(from: string, blobsTo: string): Promise<void> {
  if (!existsSync(join(from, 'blobs'))) throw new Error(`No blobs in ${from} (expected ${join(from, 'blobs')}).`);
  const location = parseS3Location(blobsTo);
  const client = createS3Client(location);
  try {
    const started = performance.now();
    const report = await copyBlobsToS3(from, location, client, (line) => process.stdout.write(`${line}\n`));
    process.stdout.write(
      `Done in ${Math.round(performance.now() - started)} ms: ${report.copied} blobs (${report.bytes} bytes) copied to ${blobsTo}, ${report.skipped} already there; ` +
        `all verified by size and SHA-256. Start the service with --blob-store ${blobsTo} to use them.\n`,
    );
  } finally {
    client.destroy();
  }
}

/**
 * `migrate --from <sqlite data dir> --to postgres://…`: brings the SQLite database up to date (as starting the service
 * would), migrates the PostgreSQL database to the same schema, copies every table and verifies it. Blobs stay where
 * they are (in the data dir). Prints a line per table and a summary on stdout.
 */
export async function runMigrateCommand(args: string[], options: { from: string | undefined; to: string | undefined; blobsTo?: string }): Promise<void> {
  if (args.length > 0 || !options.from || (!options.to && !options.blobsTo)) {
    throw new Error('Usage: migrate --from <sqlite data dir> --to postgres://user@host:port/database, and/or migrate --from <data dir> --blobs-to s3://bucket/prefix');
  }
  if (options.blobsTo) await copyBlobs(options.from, options.blobsTo);
  if (!options.to) return;
  if (!/^postgres(ql)?:\/\//.test(options.to)) throw new Error(`--to must be a postgres:// URL, got "${options.to}".`);
  if (!existsSync(databaseFile(options.from))) throw new Error(`No Trackdesk database in ${options.from} (expected ${databaseFile(options.from)}).`);
  const source = openDatabase(options.from);
  try {
    const pool = await openPostgres(options.to);
    const target = await pool.connect();
    try {
      const started = performance.now();
      const copies = await copySqliteToPostgres(source, target, (line) => process.stdout.write(`${line}\n`));
      const copied = copies.filter((copy) => copy.outcome === 'copied');
      const rows = copied.reduce((sum, copy) => sum + copy.rows, 0);
      const already = copies.filter((copy) => copy.outcome === 'already-copied').length;
      // Statistics for the planner now, not when autovacuum gets to it: without them it may pick a wrong index.
      await target.query('ANALYZE');
      process.stdout.write(
        `Done in ${Math.round(performance.now() - started)} ms: ${rows} rows copied into ${copied.length} tables, ${already} tables already copied; ` +
          `all ${copies.length} tables verified (row counts and checksums match). Blobs stay in ${options.from}.\n`,
      );
    } finally {
      target.release();
      await pool.end();
    }
  } finally {
    source.close();
  }
}
