import { z } from 'zod';
import { defineChannel } from './define.ts';

/** A named connection to a tracking service. The API key is never part of it. */
export const Profile = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  kind: z.enum(['embedded', 'remote']),
});

/** A named connection to a tracking service. */
export type Profile = z.infer<typeof Profile>;

/** Every channel between the renderer and the desktop backend, named `domain.verb`. */
export const channels = {
  'app.info': defineChannel({
    summary: "The app's name and version.",
    input: z.object({}),
    output: z.object({ name: z.string(), version: z.string() }),
  }),
  'profiles.list': defineChannel({
    summary: 'All connection profiles, the embedded one first, and which one is active.',
    input: z.object({}),
    output: z.object({ profiles: z.array(Profile), activeProfileId: z.string() }),
  }),
};

/** Events the backend pushes to the renderer, named `domain.event`. */
export const events = {
  'service.status': z.object({
    profileId: z.string(),
    state: z.enum(['starting', 'ready', 'failed', 'stopped']),
    message: z.string().optional(),
  }),
};

/** The name of an ipc channel. */
export type ChannelName = keyof typeof channels;
/** The input a caller passes to a channel. */
export type ChannelInput<C extends ChannelName> = z.input<(typeof channels)[C]['input']>;
/** The output a channel answers. */
export type ChannelOutput<C extends ChannelName> = z.output<(typeof channels)[C]['output']>;
/** The name of a pushed event. */
export type EventName = keyof typeof events;
/** The payload of a pushed event. */
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;
