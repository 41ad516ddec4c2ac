import { cancelledError } from '../client/errors.ts';
import { AppError } from '../ipc/app-error.ts';

/** How long to wait when a throttled reply does not say (ms). */
const DEFAULT_WAIT_MS = 10_000;
/** Throttled replies one item may wait out before the job stops and says so. */
const MAX_WAITS = 60;

/** The pause a throttled reply asks for ("retry after 53 s"), else a default. */
function waitOf(error: AppError): number {
  const seconds = /retry after (\d+(?:\.\d+)?) ?s/i.exec(error.message)?.[1];
  return seconds === undefined ? DEFAULT_WAIT_MS : Number(seconds) * 1000 + 250;
}

/** Runs `step`, waiting out a service's throttling (a throttled write stores nothing, so it is sent again whole). */
export async function withThrottleWaits<T>(step: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let waits = 0; ; waits += 1) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'throttled' || waits >= MAX_WAITS) throw error;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => (signal.removeEventListener('abort', stop), resolve()), waitOf(error));
        const stop = () => (clearTimeout(timer), reject(cancelledError()));
        signal.addEventListener('abort', stop, { once: true });
      });
    }
  }
}
