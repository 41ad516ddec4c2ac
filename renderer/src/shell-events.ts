import { shellHeaders } from './shell-access.ts';

/** How long to wait before reading the browser shell's events again after the stream ended or failed. */
const RETRY_MS = 3_000;

type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
let reading = false;

/** One block of a Server-Sent Events stream: its event name and its data, parsed as JSON (undefined when it is a comment). */
function parseBlock(block: string): { name: string; payload: unknown } | undefined {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return undefined;
  try {
    return { name, payload: JSON.parse(data.join('\n')) };
  } catch {
    return undefined;
  }
}

function deliver(block: string): void {
  const event = parseBlock(block);
  if (!event) return;
  for (const listener of listeners.get(event.name) ?? []) listener(event.payload);
}

/** Reads /events until the stream ends; answers false when the shell refused the page (no token: retrying cannot help). */
async function readOnce(): Promise<boolean> {
  const response = await fetch('/events', { headers: shellHeaders({ accept: 'text/event-stream' }), cache: 'no-store' });
  if (response.status === 401 || response.status === 403) return false;
  if (!response.ok || !response.body) return true;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return true;
    buffer += value.replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      deliver(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  }
}

/** Keeps reading the events, reconnecting after a pause when the stream ends or fails (as EventSource would). */
async function readForever(): Promise<void> {
  for (;;) {
    const retry = await readOnce().catch(() => true);
    if (!retry) return;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/**
 * Subscribes to an event of the browser shell's stream (GET /events, Server-Sent Events read with fetch, since
 * EventSource cannot send the token header); the stream opens on first use and is shared. Answers the unsubscribe function.
 */
export function onShellEvent(name: string, listener: Listener): () => void {
  const named = listeners.get(name) ?? new Set<Listener>();
  named.add(listener);
  listeners.set(name, named);
  if (!reading) {
    reading = true;
    void readForever();
  }
  return () => named.delete(listener);
}
