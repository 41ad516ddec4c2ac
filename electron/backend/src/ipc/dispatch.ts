import { z } from 'zod';
import {
  channels,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type Envelope,
  type IpcError,
} from '../../../../shared/ipc/index.ts';
import { AppError } from './app-error.ts';

/** The function behind one channel. */
export type Handler<C extends ChannelName> = (input: z.output<(typeof channels)[C]['input']>) => Promise<ChannelOutput<C>>;

/** One handler per channel of the ipc contract; the compiler checks none is missing. */
export type Handlers = { [C in ChannelName]: Handler<C> };

/** True when `name` is a channel of the contract. */
function isChannelName(name: string): name is ChannelName {
  return Object.hasOwn(channels, name);
}

/** Validates the input, runs the channel's handler, validates its output and wraps the outcome in an envelope. */
export async function dispatch(handlers: Handlers, name: string, rawInput: unknown): Promise<Envelope<unknown>> {
  if (!isChannelName(name)) return failure({ code: 'unknown_channel', message: `Unknown channel "${name}".` });
  const channel = channels[name];
  const parsed = channel.input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    return failure({ code: 'invalid_input', message: `Invalid input for ${name}: ${z.prettifyError(parsed.error)}` });
  }
  try {
    const handler = handlers[name] as (input: unknown) => Promise<unknown>;
    const data = channel.output.parse(await handler(parsed.data));
    return { ok: true, data };
  } catch (error) {
    return failure(toIpcError(error));
  }
}

/** Converts anything thrown by a handler into the error half of the envelope, hiding internals. */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof AppError) {
    const result: IpcError = { code: error.code, message: error.message };
    if (error.status !== undefined) result.status = error.status;
    if (error.sdkErrorCode !== undefined) result.sdkErrorCode = error.sdkErrorCode;
    return result;
  }
  // Not one of ours (a bug, or a failure nobody foresaw): the user gets a plain message, the log gets the details.
  console.error('Trackdesk: an unexpected failure behind an ipc channel:', error);
  return { code: 'internal', message: 'Something went wrong inside Trackdesk. Details are in the log.' };
}

function failure(error: IpcError): Envelope<never> {
  return { ok: false, error };
}

/** A typed call helper for tests and other Node callers of the same handlers. */
export async function call<C extends ChannelName>(
  handlers: Handlers,
  name: C,
  input: ChannelInput<C>,
): Promise<Envelope<ChannelOutput<C>>> {
  return (await dispatch(handlers, name, input)) as Envelope<ChannelOutput<C>>;
}
