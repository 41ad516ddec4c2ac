import { readdir, readFile, stat, writeFile, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { OfflineImportResult } from '../../../../shared/ipc/index.ts';
import type { EventBus } from '../events.ts';
import { ArchiveUnreadable } from './archive-zip.ts';
import { cometUpload, UploadRefused, type UploadTarget } from './comet-upload.ts';
import { readOfflineArchive } from './offline-archive.ts';

/** The file in the data folder that records the watched folder and the archives imported from it. */
export const DONE_FILE = 'offline-imports.json';
const RECENT = 20;
/** The largest archive read (the whole zip is read at once). */
const MAX_ARCHIVE_BYTES = 2 * 1024 ** 3 - 1;

type Recent = OfflineImportResult & { at: string };
interface DoneRecord {
  folder: string | null;
  /** Archives of the watched folder already imported (or that cannot be), by path, with their size and time. */
  done: Record<string, { size: number; mtimeMs: number }>;
  recent: Recent[];
}

/** An archive whose import should be tried again later (the service was away), rather than marked done. */
class TryLater extends Error {}

/** How the importer reaches the local service, tells the window, and how often it looks into the watched folder. */
export interface OfflineImportOptions {
  userDataDir: string;
  target: () => Promise<UploadTarget>;
  events: EventBus;
  pollMs?: number;
}

/**
 * Imports the offline archives the SDK writes into the local service, as `comet upload` would: files the user picks
 * (read here, never by the window), and the new archives of one watched folder, each imported once and recorded in
 * `offline-imports.json` in the data folder (the archives themselves are left as they are).
 */
export class OfflineImports {
  private readonly options: Required<OfflineImportOptions>;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  /** Size and time of each archive at the previous look: one still being written is imported once it stops changing. */
  private seen = new Map<string, string>();

  constructor(options: OfflineImportOptions) {
    this.options = { pollMs: 5_000, ...options };
  }

  /** Where the imported archives of the watched folder are recorded. */
  get doneFile(): string {
    return join(this.options.userDataDir, DONE_FILE);
  }

  /** Imports archives by path, one after the other; progress goes out as `offline.progress` events. */
  async importFiles(importId: string, paths: string[]): Promise<OfflineImportResult[]> {
    const results: OfflineImportResult[] = [];
    for (const [index, path] of paths.entries()) {
      const result = await this.importOne(importId, basename(path), () => readArchive(path), index, paths.length).catch((error: unknown) => failed(basename(path), error));
      results.push(result);
      await this.remember([result]);
    }
    return results;
  }

  /** Imports one archive whose bytes the browser shell received from the page (a file the user picked there). */
  async importBytes(importId: string, fileName: string, bytes: Buffer): Promise<OfflineImportResult> {
    const result = await this.importOne(importId, fileName, async () => bytes, 0, 1).catch((error: unknown) => failed(fileName, error));
    await this.remember([result]);
    return result;
  }

  /** The watched folder, where imports are recorded, and the latest results. */
  async watchState(): Promise<{ folder: string | null; doneFile: string; recent: Recent[] }> {
    const record = await this.read();
    return { folder: record.folder, doneFile: this.doneFile, recent: record.recent };
  }

  /** Watches `folder` for new archives (null: stops); the archives already there count as new once. */
  async watch(folder: string | null): Promise<{ folder: string | null; doneFile: string; recent: Recent[] }> {
    if (folder !== null && !(await stat(folder).then((info) => info.isDirectory(), () => false))) {
      throw new ArchiveUnreadable(`${folder} is not a folder`);
    }
    await this.write({ ...(await this.read()), folder });
    this.seen.clear();
    this.resume(folder);
    return this.watchState();
  }

  /** Starts watching the folder saved in the data folder, if any (at the app's start). */
  async start(): Promise<void> {
    this.resume((await this.read()).folder);
  }

  /** Stops watching (the window closed); an import under way finishes. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
  }

  /** Looks into the watched folder once (what the timer does every few seconds). */
  async poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private resume(folder: string | null): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (folder === null) return;
    this.timer = setInterval(() => void this.poll().catch((error: unknown) => console.error('Trackdesk: the watched folder could not be read:', error)), this.options.pollMs);
    this.timer.unref();
  }

  private async pollOnce(): Promise<void> {
    const record = await this.read();
    if (record.folder === null) return;
    const names = (await readdir(record.folder)).filter((name) => name.toLowerCase().endsWith('.zip')).sort();
    for (const name of names) {
      const path = join(record.folder, name);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) continue;
      const known = record.done[path];
      if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) continue;
      const signature = `${info.size}:${info.mtimeMs}`;
      const stable = this.seen.get(path) === signature;
      this.seen.set(path, signature);
      if (!stable) continue;
      try {
        const result = await this.importOne(`watch:${name}`, name, () => readArchive(path), 0, 1);
        await this.remember([result], { [path]: { size: info.size, mtimeMs: info.mtimeMs } });
      } catch (error) {
        if (error instanceof TryLater) return;
        await this.remember([failed(name, error)], { [path]: { size: info.size, mtimeMs: info.mtimeMs } });
      }
    }
  }

  private async importOne(importId: string, fileName: string, bytes: () => Promise<Buffer>, index: number, count: number): Promise<OfflineImportResult> {
    const progress = (done: number, result?: OfflineImportResult) => this.options.events.emit('offline.progress', { importId, fileName, index, count, done, ...(result ? { result } : {}) });
    progress(0);
    const archive = readOfflineArchive(await bytes());
    const target = await this.options.target().catch((error: unknown) => {
      throw new TryLater(`The local service is not running: ${error instanceof Error ? error.message : String(error)}`);
    });
    const upload = await cometUpload(target, archive, (done) => progress(done)).catch((error: unknown) => {
      if (error instanceof UploadRefused) throw error;
      throw new TryLater(`The local service did not answer: ${error instanceof Error ? error.message : String(error)}`);
    });
    const result: OfflineImportResult = {
      fileName,
      state: upload.alreadyImported ? 'already-imported' : 'imported',
      experimentKey: upload.experimentKey,
      projectName: upload.projectName,
      problems: upload.failures,
      counts: upload.sent,
    };
    progress(1, result);
    return result;
  }

  private async remember(results: OfflineImportResult[], done: DoneRecord['done'] = {}): Promise<void> {
    const record = await this.read();
    const at = new Date().toISOString();
    await this.write({ ...record, done: { ...record.done, ...done }, recent: [...results.map((result) => ({ ...result, at })), ...record.recent].slice(0, RECENT) });
  }

  private async read(): Promise<DoneRecord> {
    try {
      return { folder: null, done: {}, recent: [], ...(JSON.parse(await readFile(this.doneFile, 'utf8')) as Partial<DoneRecord>) };
    } catch {
      return { folder: null, done: {}, recent: [] };
    }
  }

  private async write(record: DoneRecord): Promise<void> {
    const temporary = `${this.doneFile}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(record, null, 2), { mode: 0o600 });
    await rename(temporary, this.doneFile);
  }
}

async function readArchive(path: string): Promise<Buffer> {
  const info = await stat(path);
  if (info.size > MAX_ARCHIVE_BYTES) throw new ArchiveUnreadable('it is larger than 2 GiB');
  return readFile(path);
}

/** The result of an archive that could not be imported, saying why. */
function failed(fileName: string, error: unknown): OfflineImportResult {
  const why = error instanceof ArchiveUnreadable ? `Not an offline run archive the SDK wrote: ${error.message}.` : error instanceof Error ? error.message : String(error);
  return { fileName, state: 'failed', message: why, problems: [] };
}
