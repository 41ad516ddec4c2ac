import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { CopyExperimentView, CopyJobView } from '../../../../shared/ipc/index.ts';

/** One experiment of a job as kept on disk: its view plus the items finished (item id → the source checksum of an asset, else ''). */
const ExperimentRecord = CopyExperimentView.extend({ done: z.record(z.string(), z.string()) });

/** A copy job as kept on disk. */
export const JobRecord = CopyJobView.extend({
  createdAt: z.number().int(),
  /** The services' addresses when the job started: copies and asset ids are named after them, so they stay the same on resume. */
  sourceBaseUrl: z.string(),
  targetBaseUrl: z.string(),
  experiments: z.array(ExperimentRecord),
});

/** A copy job as kept on disk. */
export type JobRecord = z.infer<typeof JobRecord>;
/** One experiment of a job as kept on disk. */
export type ExperimentRecord = z.infer<typeof ExperimentRecord>;

/** The window's view of a job: the record without the per-item bookkeeping. */
export function viewOf(job: JobRecord): CopyJobView {
  const { createdAt: _created, sourceBaseUrl: _source, targetBaseUrl: _target, experiments, ...rest } = job;
  return { ...rest, experiments: experiments.map(({ done: _done, ...experiment }) => experiment) };
}

/** Copy jobs in `<user data dir>/copy-jobs/<jobId>.json`, each written atomically (temp file + rename) and one write at a time. */
export class JobStore {
  readonly dir: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(userDataDir: string) {
    this.dir = join(userDataDir, 'copy-jobs');
  }

  /** Every readable job (an unreadable file is left alone and skipped). */
  async all(): Promise<JobRecord[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const jobs: JobRecord[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const parsed = JobRecord.safeParse(safeJson(await readFile(join(this.dir, name), 'utf8')));
      if (parsed.success) jobs.push(parsed.data);
    }
    return jobs.sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Writes a job (a snapshot of it, queued behind earlier writes). */
  save(job: JobRecord): Promise<void> {
    const text = `${JSON.stringify(job)}\n`;
    const next = this.queue.then(async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const path = join(this.dir, `${job.jobId}.json`);
      const temp = `${path}.${randomUUID()}.tmp`;
      await writeFile(temp, text, { mode: 0o600, flush: true });
      await rename(temp, path);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
