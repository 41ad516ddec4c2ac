import {
  EnvelopeSchema,
  events,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type Envelope,
  type EventName,
  type EventPayload,
  type IpcError,
} from '../../shared/ipc/index.ts';
import { shellHeaders } from './shell-access.ts';
import { onShellEvent } from './shell-events.ts';

/** The bridge the Electron preload puts on `window`; absent in the browser shell. */
export interface TrackdeskBridge {
  invoke(channel: string, input: unknown): Promise<Envelope<unknown>>;
  /** Subscribes to a pushed event; returns the unsubscribe function. */
  on(event: string, listener: (payload: unknown) => void): () => void;
  /** The disk paths of files dropped on the desktop window, which transfers may then use. */
  acceptDroppedFiles(files: File[]): Promise<string[]>;
}

declare global {
  interface Window {
    trackdesk?: TrackdeskBridge;
  }
}

/** An ipc failure rebuilt on the renderer side, keeping the code and the server's details. */
export class BridgeError extends Error {
  readonly code: IpcError['code'];
  readonly status: number | undefined;
  readonly sdkErrorCode: number | undefined;

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'BridgeError';
    this.code = error.code;
    this.status = error.status;
    this.sdkErrorCode = error.sdkErrorCode;
  }
}

/** POSTs JSON to a route of the browser shell with its token and answers the envelope it replies (or one that says what failed). */
export async function callShell(path: string, input: unknown): Promise<Envelope<unknown>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: shellHeaders({ 'content-type': 'application/json' }),
      body: JSON.stringify(input ?? {}),
      credentials: 'omit',
    });
  } catch {
    return { ok: false, error: { code: 'unreachable', message: 'Trackdesk is not running any more. Restart it and reload this page.' } };
  }
  if (response.status === 401) {
    return { ok: false, error: { code: 'unauthorized', message: 'This page has no access token. Open the address Trackdesk printed.' } };
  }
  const text = await response.text();
  const envelope = EnvelopeSchema.safeParse(parseJson(text));
  if (envelope.success) return envelope.data as Envelope<unknown>;
  if (response.status === 413) return { ok: false, error: { code: 'too_large', message: 'This request is larger than Trackdesk accepts.' } };
  const detail = text.trim().slice(0, 200) || response.statusText;
  return { ok: false, error: { code: 'internal', message: `Trackdesk answered ${response.status} instead of a result: ${detail}` } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls one ipc channel and returns its data, or throws a BridgeError with the backend's message. */
export async function invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const envelope = window.trackdesk ? await window.trackdesk.invoke(channel, input) : await callShell(`/ipc/${encodeURIComponent(channel)}`, input);
  if (!envelope.ok) throw new BridgeError(envelope.error);
  return envelope.data as ChannelOutput<C>;
}

/** Subscribes to an event the backend pushes (e.g. `service.status`, `transfers.progress`); returns the unsubscribe function. */
export function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  const deliver = (payload: unknown) => {
    const checked = events[event].safeParse(payload);
    if (checked.success) listener(checked.data as EventPayload<E>);
  };
  return window.trackdesk ? window.trackdesk.on(event, deliver) : onShellEvent(event, deliver);
}
