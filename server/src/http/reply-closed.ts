import type { ServerResponse } from 'node:http';

/**
 * Runs `action` once the reply is finished or its connection is gone, whichever comes first; at once when that already
 * happened (a client that went away while its key was being checked). Whatever a request holds is given back here.
 */
export function whenReplyClosed(response: ServerResponse, action: () => void): void {
  if (response.closed || response.destroyed) action();
  else response.once('close', action);
}
