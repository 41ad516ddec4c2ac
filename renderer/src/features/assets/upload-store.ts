import { create } from 'zustand';
import { on } from '../../bridge.ts';
import {
  cancelRequested,
  dismissed,
  enqueue,
  finished,
  isFinished,
  progressed,
  retried,
  startable,
  started,
  type NewUpload,
  type UploadItem,
} from './upload-queue.ts';
import { startUpload, type UploadAttempt, type UploadSource } from './upload-runner.ts';

/** How many uploads run at once (the browser shell also needs free connections for everything else). */
const PARALLEL_UPLOADS = 2;

/** A file to add to the queue, with its bytes' whereabouts. */
type QueuedFile = NewUpload & { source: UploadSource };

/** The upload queue: lives outside any screen, so uploads go on while the user moves around the app. */
interface UploadStore {
  items: UploadItem[];
  add(files: readonly QueuedFile[]): void;
  cancel(id: string): void;
  retry(id: string): void;
  /** Removes finished items: those given, or all. */
  dismiss(ids?: readonly string[]): void;
}

/** File handles and paths, kept beside the (plain data) items for retries. */
const sources = new Map<string, UploadSource>();
/** The attempt in flight per item id. */
const attempts = new Map<string, UploadAttempt>();
let listening = false;

/** A random id (crypto.randomUUID needs a secure context; this works everywhere). */
export function newId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The zustand store of the upload queue; transitions are the pure functions of `upload-queue.ts`. */
export const useUploadStore = create<UploadStore>()((set, get) => {
  const pump = () => {
    for (const item of startable(get().items, PARALLEL_UPLOADS)) {
      const source = sources.get(item.id);
      if (!source) continue;
      const transferId = newId();
      set((state) => ({ items: started(state.items, item.id, transferId, Date.now()) }));
      const attempt = startUpload({ ...item, transferId, source });
      attempts.set(item.id, attempt);
      void attempt.outcome.then((outcome) => {
        attempts.delete(item.id);
        set((state) => ({ items: finished(state.items, item.id, transferId, outcome) }));
        pump();
      });
    }
  };
  return {
    items: [],
    add: (files) => {
      listenForProgress();
      for (const file of files) sources.set(file.id, file.source);
      set((state) => ({ items: enqueue(state.items, files) }));
      pump();
    },
    cancel: (id) => {
      set((state) => ({ items: cancelRequested(state.items, id) }));
      attempts.get(id)?.cancel();
    },
    retry: (id) => {
      set((state) => ({ items: retried(state.items, id) }));
      pump();
    },
    dismiss: (ids) => {
      const gone = get().items.filter((item) => isFinished(item) && (ids === undefined || ids.includes(item.id)));
      for (const item of gone) sources.delete(item.id);
      set((state) => ({ items: dismissed(state.items, ids) }));
    },
  };
});

/** Subscribes the queue to `transfers.progress` once (opening the browser shell's event stream early helps early events arrive). */
export function listenForProgress(): void {
  if (listening) return;
  listening = true;
  on('transfers.progress', (event) => {
    if (event.direction !== 'upload') return;
    useUploadStore.setState((state) => ({ items: progressed(state.items, event.transferId, event.transferredBytes, event.totalBytes, Date.now()) }));
  });
}
