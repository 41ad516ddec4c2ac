import { z } from 'zod';
import { defineChannel } from './define.ts';

/** The embedded service's state, as a channel answer and as the `service.status` event. */
export const ServiceStatus = z.object({
  profileId: z.string(),
  state: z.enum(['starting', 'ready', 'failed', 'stopped']),
  /** The service's address once ready. */
  baseUrl: z.string().optional(),
  /** What went wrong, in words for the user, when failed (or restarting after a failure); or what changed (an update). */
  message: z.string().optional(),
  /** When the running service started (ISO time): it outlives the window, so this may be before the app's start. */
  since: z.string().optional(),
  /** The version of the app that started the running service. */
  version: z.string().optional(),
  /** A failure the user must act on: another program uses the port (choose another). */
  problem: z.enum(['port-taken']).optional(),
  /** The port the service listens on, or failed to listen on. */
  port: z.number().int().optional(),
});

/** The embedded service's state. */
export type ServiceStatus = z.infer<typeof ServiceStatus>;

/** Whether the local service starts at login, and where that is recorded (the autostart file, or the system's login items). */
export const LoginStartState = z.object({ enabled: z.boolean(), where: z.string() });

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
  'service.stop': defineChannel({
    summary: 'Stops the local service (it otherwise keeps serving scripts after the window closes).',
    input: z.object({}),
    output: ServiceStatus,
  }),
  'service.setPort': defineChannel({
    summary: "Saves the local service's port in the app's settings and restarts the service on it (TRACKDESK_LOCAL_PORT, when set, wins).",
    input: z.object({ port: z.number().int().min(1).max(65535) }),
    output: ServiceStatus,
  }),
  'service.loginStart': defineChannel({
    summary: 'Whether the local service starts at login (without the window), and where that is recorded.',
    input: z.object({}),
    output: LoginStartState,
  }),
  'service.setLoginStart': defineChannel({
    summary: 'Turns "Start at login" on (an XDG autostart entry on Linux, a login item on macOS and Windows) or off.',
    input: z.object({ enabled: z.boolean() }),
    output: LoginStartState,
  }),
};
