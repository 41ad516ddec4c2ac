import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database.ts';

/**
 * WAL pages after which a commit still checkpoints by itself (SQLite's default: 1,000). By then the thread has copied
 * nearly all of them, so the commit's checkpoint only finishes the job; and only a checkpoint that catches up with the
 * last commit lets the next write start the WAL over (the thread's alone never does under steady writes: the WAL would
 * grow to this bound and every commit would checkpoint). It also bounds the WAL should the thread stop (40 MiB of
 * 4 KiB pages). Finishing the job syncs the files on the thread that serves requests (10–30 ms here): at 2,000 pages
 * live ingest met it every 0.7 s and its commits spent 2.3 s of 11 in COMMIT; at 10,000, 1.3 s.
 */
const COMMIT_CHECKPOINT_PAGES = 10_000;
/** SQLite's own threshold, restored when the thread stops. */
const SQLITE_DEFAULT_PAGES = 1000;

/** How often the background thread copies committed pages from the WAL into the database file. */
const DEFAULT_INTERVAL_MS = 200;

/**
 * The thread's code, evaluated as a CommonJS script (so the bundled service needs no second entry file): its own
 * connection runs a PASSIVE checkpoint, which never waits for and never blocks the writer, every `interval` ms.
 * A checkpoint that fails (the writer's backstop checkpoint running at that moment) is simply tried again next time.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch {}
}, workerData.interval);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

/** Checkpoints a database's WAL from a background thread. */
export interface Checkpointer {
  /** Settles once the thread checkpoints (or failed to start: then commits keep checkpointing by themselves). */
  ready: Promise<void>;
  /** Stops the thread (after its current checkpoint) and closes its connection. */
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the writing thread: left to itself, every commit that finds 1,000 pages in the WAL
 * copies them into the database file (and syncs it) before the commit returns, on the thread that serves requests.
 * Here a worker thread does most of that copying on the other core, leaving commits a small remainder. Durability is
 * unchanged: a commit is in the WAL when it returns, whoever checkpoints it later. Returns at once: the thread starts
 * beside the service's own start, and commits checkpoint by themselves until it is ready.
 */
export function startCheckpointer(db: Db, options: { intervalMs?: number } = {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file: db.name, interval: options.intervalMs ?? DEFAULT_INTERVAL_MS } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopped = false;
  /** Commits checkpoint by themselves again, as SQLite does by default. */
  const selfCheckpointing = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  }).then(
    () => {
      worker.on('error', (error) => {
        console.error('The WAL checkpoint thread failed; commits checkpoint by themselves again.', error);
        selfCheckpointing();
      });
      if (!stopped && db.open) db.pragma(`wal_autocheckpoint = ${COMMIT_CHECKPOINT_PAGES}`);
    },
    (error: unknown) => console.error('The WAL checkpoint thread did not start; commits checkpoint by themselves.', error),
  );
  return {
    ready,
    async stop() {
      stopped = true;
      selfCheckpointing();
      // Held open until it has closed its connection (unreferenced, it would not keep the process alive to finish).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
