import { z } from 'zod';

/** One ipc channel: what the renderer sends and what the backend answers. */
export interface Channel<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** One line saying what the channel does. */
  readonly summary: string;
  readonly input: I;
  readonly output: O;
}

/** Builds a channel entry. */
export function defineChannel<I extends z.ZodType, O extends z.ZodType>(channel: Channel<I, O>): Channel<I, O> {
  return channel;
}

/** Error codes that cross the bridge; the renderer decides wording and recovery from them. */
export const IpcErrorCode = z.enum([
  'invalid_input',
  'unknown_channel',
  'forbidden',
  'not_found',
  'unauthorized',
  'unreachable',
  'tls',
  'incompatible',
  'timeout',
  'throttled',
  'too_large',
  'keychain_unavailable',
  'cancelled',
  'unsupported',
  /** The service held the change back as a promotion request awaiting approval (HTTP 202, issue 14); the message says so. */
  'pending_approval',
  'server_error',
  'internal',
]);

/** An error code that crosses the bridge. */
export type IpcErrorCode = z.infer<typeof IpcErrorCode>;

/** The error half of the envelope: a code, the message to show, and the server's details when it answered. */
export const IpcError = z.object({
  code: IpcErrorCode,
  message: z.string(),
  status: z.number().int().optional(),
  sdkErrorCode: z.number().int().optional(),
});

/** An error that crossed the bridge. */
export type IpcError = z.infer<typeof IpcError>;

/** The reply to every ipc call: `{ok: true, data}` or `{ok: false, error}`. */
export type Envelope<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/** Runtime schema of the envelope (data left open; each channel's output schema checks it). */
export const EnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: IpcError }),
]);
