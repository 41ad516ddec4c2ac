import { z } from 'zod';
import { defineChannel } from './define.ts';

/** The embedded service's state, as a channel answer and as the `service.status` event. */
export const ServiceStatus = z.object({
  profileId: z.string(),
  state: z.enum(['starting', 'ready', 'failed', 'stopped']),
  /** The service's address once ready. */
  baseUrl: z.string().optional(),
  /** What went wrong, in words for the user, when failed (or restarting after a failure). */
  message: z.string().optional(),
});

/** The embedded service's state. */
export type ServiceStatus = z.infer<typeof ServiceStatus>;

/** The embedded service: its state, and a restart after it gave up. */
export const serviceChannels = {
  'service.status': defineChannel({
    summary: "The embedded service's current state (later changes arrive as the service.status event).",
    input: z.object({}),
    output: ServiceStatus,
  }),
  'service.restart': defineChannel({
    summary: 'Stops and starts the embedded service again (after it failed, or to recover).',
    input: z.object({}),
    output: ServiceStatus,
  }),
};
