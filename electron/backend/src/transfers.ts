import type { TransferProgress } from '../../../shared/ipc/index.ts';
import { cancelledError } from './client/errors.ts';
import type { EventBus } from './events.ts';
import { AppError } from './ipc/app-error.ts';

/** The work of one transfer: it reports bytes moved and stops when the signal aborts. */
type TransferWork<T> = (signal: AbortSignal, progress: (transferred: number, total: number | undefined) => void) => Promise<T>;

/**
 * Runs uploads and downloads a few at a time, with `transfers.progress` events (queued, running with bytes, and the
 * outcome) and cancellation by id, whether the transfer is still queued or already running.
 */
export class TransferQueue {
  private readonly events: EventBus;
  private readonly limit: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly active = new Map<string, AbortController>();

  constructor(events: EventBus, limit = 3) {
    this.events = events;
    this.limit = limit;
  }

  /** Queues a transfer under the caller's id and answers its result once it ran. */
  async run<T>(transferId: string, direction: TransferProgress['direction'], work: TransferWork<T>): Promise<T> {
    if (this.active.has(transferId)) throw new AppError('invalid_input', `A transfer with id "${transferId}" is already under way.`);
    const controller = new AbortController();
    this.active.set(transferId, controller);
    const report = (state: TransferProgress['state'], transferredBytes: number, totalBytes?: number, message?: string) =>
      this.events.emit('transfers.progress', {
        transferId,
        direction,
        state,
        transferredBytes,
        ...(totalBytes === undefined ? {} : { totalBytes }),
        ...(message === undefined ? {} : { message }),
      });
    let transferred = 0;
    let total: number | undefined;
    let holdsSlot = false;
    try {
      report('queued', 0);
      await this.acquire(controller.signal);
      holdsSlot = true;
      let reported = -1;
      report('running', 0);
      const result = await work(controller.signal, (bytes, size) => {
        transferred = bytes;
        total = size;
        const step = size ? Math.floor((bytes * 100) / size) : Math.floor(bytes / (4 * 1024 * 1024));
        if (step !== reported) {
          reported = step;
          report('running', bytes, size);
        }
      });
      report('done', transferred, total);
      return result;
    } catch (error) {
      const failure = controller.signal.aborted ? cancelledError() : error;
      const message = failure instanceof AppError ? failure.message : 'The transfer failed.';
      report(controller.signal.aborted ? 'cancelled' : 'failed', transferred, total, message);
      throw failure;
    } finally {
      this.active.delete(transferId);
      if (holdsSlot) this.release();
    }
  }

  /** Cancels a queued or running transfer; false when there is none with that id. */
  cancel(transferId: string): boolean {
    const controller = this.active.get(transferId);
    controller?.abort();
    return controller !== undefined;
  }

  /** Waits for a free slot, or rejects when the transfer is cancelled while queued. */
  private async acquire(signal: AbortSignal): Promise<void> {
    while (this.running >= this.limit) {
      if (signal.aborted) throw cancelledError();
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal.removeEventListener('abort', stop);
          resolve();
        };
        const stop = () => {
          this.waiting.splice(this.waiting.indexOf(go), 1);
          reject(cancelledError());
        };
        this.waiting.push(go);
        signal.addEventListener('abort', stop, { once: true });
      });
    }
    this.running += 1;
  }

  private release(): void {
    this.running -= 1;
    this.waiting.shift()?.();
  }
}
