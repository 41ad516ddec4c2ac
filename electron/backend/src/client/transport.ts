import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../ipc/app-error.ts';
import { cancelledError, networkError, timeoutError } from './errors.ts';
import type { HttpAnswer } from './reply.ts';

/** How one request is sent: its time limit, the caller's cancel signal and the retry policy. */
interface SendPolicy {
  /** Limit for one attempt, answer body included. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Extra attempts after a network error, a timeout or a 5xx (0 for anything that is not a read). */
  retries: number;
  /** First pause between attempts; doubled each time, with jitter. */
  retryDelayMs: number;
}

/** Sends one request and reads the whole answer, retrying per the policy; network failures become AppErrors. */
export async function sendAndRead(url: URL, init: RequestInit, policy: SendPolicy): Promise<HttpAnswer> {
  for (let attempt = 0; ; attempt += 1) {
    const last = attempt >= policy.retries;
    try {
      const answer = await attemptOnce(url, init, policy);
      if (answer.status < 500 || last) return answer;
    } catch (error) {
      if (last || !(error instanceof AppError) || !['unreachable', 'timeout'].includes(error.code)) throw error;
    }
    await pause(policy.retryDelayMs * 2 ** attempt * (0.75 + Math.random() / 2), policy.signal);
  }
}

async function attemptOnce(url: URL, init: RequestInit, policy: SendPolicy): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = policy.signal ? AbortSignal.any([policy.signal, timeout]) : timeout;
  try {
    const response = await fetch(url, { ...init, signal, redirect: 'follow' });
    const text = await response.text();
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
  } catch (error) {
    throw failure(error, url, policy, timeout);
  }
}

/** Classifies a thrown fetch error: the caller's cancel, our time limit, or a network problem. */
export function failure(error: unknown, url: URL, policy: Pick<SendPolicy, 'timeoutMs' | 'signal'>, timeout?: AbortSignal): AppError {
  if (error instanceof AppError) return error;
  if (policy.signal?.aborted) return cancelledError();
  if (timeout?.aborted) return timeoutError(url.host, policy.timeoutMs);
  return networkError(error, url.host);
}

async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, signal ? { signal } : {});
  } catch {
    throw cancelledError();
  }
}

/** Aborts its signal when `touch` has not been called for `idleMs` (for transfers, where only stalls should time out). */
export class Watchdog {
  readonly idleMs: number;
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout;

  constructor(idleMs: number) {
    this.idleMs = idleMs;
    this.timer = this.arm();
  }

  /** Aborted once the transfer stalled. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Records progress, restarting the idle period. */
  touch(): void {
    clearTimeout(this.timer);
    this.timer = this.arm();
  }

  /** Stops watching. */
  stop(): void {
    clearTimeout(this.timer);
  }

  private arm(): NodeJS.Timeout {
    const timer = setTimeout(() => this.controller.abort(new Error('stalled')), this.idleMs);
    timer.unref();
    return timer;
  }
}
