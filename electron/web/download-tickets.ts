import { randomBytes } from 'node:crypto';
import type { OpenedBinary } from '../backend/src/client/binary-stream.ts';

/** How long a ticket waits for the browser to fetch its download. */
const TICKET_TTL_MS = 60_000;

/** A download opened from the service and waiting for the browser to fetch it. */
export interface HeldDownload {
  fileName: string;
  opened: OpenedBinary;
  /** Stops reading from the service (when the browser goes away, or nobody came for the ticket). */
  abort: AbortController;
}

/**
 * Downloads the page asked for (with its token), each held under a one-use, unguessable ticket until the browser's own
 * download fetches it: a browser download cannot send the token header, so the ticket names exactly that one download,
 * once, for a minute at most.
 */
export class DownloadTickets {
  private readonly held = new Map<string, { download: HeldDownload; expiry: NodeJS.Timeout }>();

  private readonly ttlMs: number;

  constructor(ttlMs = TICKET_TTL_MS) {
    this.ttlMs = ttlMs;
  }

  /** Keeps an opened download under a new ticket; abandoned (its service read cancelled) when nobody takes it in time. */
  hold(download: HeldDownload): string {
    const ticket = randomBytes(32).toString('base64url');
    const expiry = setTimeout(() => this.drop(ticket), this.ttlMs);
    expiry.unref();
    this.held.set(ticket, { download, expiry });
    return ticket;
  }

  /** Takes a ticket's download, once; undefined when the ticket is unknown, used or expired. */
  take(ticket: string): HeldDownload | undefined {
    const entry = this.held.get(ticket);
    if (!entry) return undefined;
    clearTimeout(entry.expiry);
    this.held.delete(ticket);
    return entry.download;
  }

  /** Abandons every waiting download (the shell is closing). */
  clear(): void {
    for (const ticket of [...this.held.keys()]) this.drop(ticket);
  }

  private drop(ticket: string): void {
    const download = this.take(ticket);
    if (!download) return;
    download.abort.abort();
    void download.opened.body.cancel().catch(() => undefined);
  }
}
