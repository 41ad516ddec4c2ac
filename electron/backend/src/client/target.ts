import { appInfo } from '../app-info.ts';

/** Where calls go and the key they carry. The key stays inside the backend. */
export interface ServiceTarget {
  baseUrl: string;
  apiKey: string;
}

/** Limits and retry policy of a client. */
export interface ClientOptions {
  /** Limit for one JSON call attempt (answer included). */
  timeoutMs: number;
  /** Extra attempts for reads after a network error, a timeout or a 5xx. */
  retries: number;
  /** First pause between read attempts (doubles each time). */
  retryDelayMs: number;
  /** A transfer that moves no byte for this long is abandoned. */
  transferIdleMs: number;
}

/** The defaults: 30 s per call, 3 retries from 250 ms, transfers abandoned after 60 s without progress. */
export const DEFAULT_CLIENT_OPTIONS: ClientOptions = { timeoutMs: 30_000, retries: 3, retryDelayMs: 250, transferIdleMs: 60_000 };

/** The headers every call carries: the raw key in Authorization (compat.md §1), and who is calling. */
export function baseHeaders(target: ServiceTarget): Record<string, string> {
  return { ...(target.apiKey ? { authorization: target.apiKey } : {}), 'user-agent': `Trackdesk/${appInfo.version}` };
}
