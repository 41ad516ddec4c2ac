import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { BATCH_DECODE_SOURCE } from './batch-decode-source.ts';
import { itemsOf, type ColumnBatch } from './batch-columns.ts';

/** A body's Content-Encoding as the decoder reads it. */
export type BodyEncoding = 'gzip' | 'deflate' | 'identity';

/** A decoding thread's answer. */
type Answer = { id: number; fallback: true } | { id: number; fallback?: false; head: Record<string, unknown>; batch: ColumnBatch };

/** One body to decode, as a decoding thread receives it. */
interface Job {
  id: number;
  body: ArrayBuffer;
  encoding: BodyEncoding;
  limit: number;
}

/** A body sent to a thread: what to do with its answer, and when it was sent (performance.now()). */
interface Pending {
  settle: (answer: Answer | undefined) => void;
  since: number;
}

interface Thread {
  worker: Worker;
  /** By id, oldest first. */
  pending: Map<number, Pending>;
  /** Jobs of this event-loop turn, sent together at its end: waking a sleeping thread costs more than the message. */
  outbox: Job[];
}

/** Decodes batch bodies on other threads. */
export interface BatchDecoder {
  /**
   * The body as JSON.parse gives it, decompressed and parsed on a decoding thread; undefined when the thread left
   * it to the caller (anything off the common path, or a thread that failed) or lags (see DecoderOptions), who then
   * reads it the ordinary way.
   */
  decode(body: Buffer, encoding: BodyEncoding, limit: number): Promise<unknown>;
  /** Stops the threads (pending bodies are left to their callers). */
  close(): Promise<void>;
}

/** Decoding threads: all cores but the one the main thread writes SQLite on, at least one, at most four. */
export const defaultDecodingThreads = (): number => Math.min(4, Math.max(1, availableParallelism() - 1));

/** How the pool runs. */
export interface DecoderOptions {
  /** Decoding threads (defaultDecodingThreads()). */
  threads?: number;
  /**
   * A thread whose oldest unanswered body was sent this many ms ago lags: new bodies are left to the caller instead
   * of queueing behind it (default 100). A thread the machine's other work keeps off the cores would otherwise leave
   * the main thread waiting idle. A thread with a core of its own answers a 1,000-point batch in about 1.5 ms, and
   * the batches of several runs arriving together queue 10–20 ms behind each other: that is no lag, and decoding
   * them on the main thread (the serial part, which writes every batch) lowered throughput by a fifth to a third
   * (`npm run bench -- live` with 10 ms against 100 ms).
   */
  lagMs?: number;
}

/**
 * Creates a pool of `size` decoding threads, started on first use; each body goes to the thread with the fewest
 * bodies pending, the bodies of one event-loop turn in one message. The threads are unref'd: they never keep the
 * process alive.
 */
export function createBatchDecoder({ threads: size = defaultDecodingThreads(), lagMs = 100 }: DecoderOptions = {}): BatchDecoder {
  const threads: (Thread | undefined)[] = Array.from({ length: size }, () => undefined);
  let nextId = 0;

  const start = (slot: number): Thread => {
    const worker = new Worker(BATCH_DECODE_SOURCE, { eval: true });
    worker.unref();
    const thread: Thread = { worker, pending: new Map(), outbox: [] };
    worker.on('message', (answer: Answer) => {
      thread.pending.get(answer.id)?.settle(answer);
      thread.pending.delete(answer.id);
    });
    const fail = () => {
      if (threads[slot] === thread) threads[slot] = undefined;
      for (const { settle } of thread.pending.values()) settle(undefined);
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    threads[slot] = thread;
    return thread;
  };

  const leastBusy = (): Thread => {
    let best: { slot: number; load: number } | undefined;
    threads.forEach((thread, slot) => {
      const load = thread?.pending.size ?? 0;
      if (!best || load < best.load) best = { slot, load };
    });
    const slot = best?.slot ?? 0;
    return threads[slot] ?? start(slot);
  };

  /** Whether the thread's oldest unanswered body was sent `lagMs` or more ago. */
  const lags = (thread: Thread, now: number): boolean => {
    const oldest = thread.pending.values().next().value;
    return oldest !== undefined && now - oldest.since >= lagMs;
  };

  return {
    decode: (body, encoding, limit) =>
      new Promise((resolve) => {
        const thread = leastBusy();
        const since = performance.now();
        if (lags(thread, since)) {
          resolve(undefined);
          return;
        }
        const id = (nextId += 1);
        const settle = (answer: Answer | undefined) => resolve(answer && !answer.fallback ? { ...answer.head, values: itemsOf(answer.batch) } : undefined);
        thread.pending.set(id, { settle, since });
        // A copy of just the body's bytes (a Buffer may be a view of a larger pool), handed over without another copy.
        const bytes = new Uint8Array(body).buffer;
        if (thread.outbox.push({ id, body: bytes, encoding, limit }) === 1) {
          setImmediate(() => {
            const jobs = thread.outbox;
            thread.outbox = [];
            thread.worker.postMessage(jobs, jobs.map((job) => job.body));
          });
        }
      }),
    close: async () => {
      const running = threads.filter((thread): thread is Thread => thread !== undefined);
      threads.fill(undefined);
      await Promise.all(running.map((thread) => thread.worker.terminate()));
    },
  };
}
