import { z } from 'zod';
import { apiChannels } from './api-channels.ts';
import { CopyJobView, copyChannels } from './copy-channels.ts';
import { defineChannel } from './define.ts';
import { evidenceChannels } from './evidence-channels.ts';
import { ExperimentOpened, experimentLinkChannels } from './experiment-link-channels.ts';
import { InvitationOpened, invitationChannels } from './invitation-channels.ts';
import { OfflineImportProgress, offlineChannels } from './offline-channels.ts';
import { profileChannels } from './profile-channels.ts';
import { scriptChannels } from './script-channels.ts';
import { signInChannels } from './sign-in-channels.ts';
import { ServiceStatus, serviceChannels } from './service-channels.ts';
import { TransferProgress, transferChannels } from './transfer-channels.ts';

/** Every channel between the renderer and the desktop backend, named `domain.verb`. */
export const channels = {
  'app.info': defineChannel({
    summary: "The app's name and version.",
    input: z.object({}),
    output: z.object({ name: z.string(), version: z.string() }),
  }),
  ...profileChannels,
  ...signInChannels,
  ...serviceChannels,
  ...apiChannels,
  ...transferChannels,
  ...scriptChannels,
  ...evidenceChannels,
  ...invitationChannels,
  ...experimentLinkChannels,
  ...copyChannels,
  ...offlineChannels,
};

/** Events the backend pushes to the renderer, named `domain.event`. */
export const events = {
  'service.status': ServiceStatus,
  'transfers.progress': TransferProgress,
  'invitations.opened': InvitationOpened,
  'experiments.opened': ExperimentOpened,
  'views.opened': ExperimentOpened,
  'copies.progress': CopyJobView,
  'offline.progress': OfflineImportProgress,
};

/** The name of an ipc channel. */
export type ChannelName = keyof typeof channels;
/** The input a caller passes to a channel. */
export type ChannelInput<C extends ChannelName> = z.input<(typeof channels)[C]['input']>;
/** The input a handler receives: the caller's input after the channel schema parsed it (defaults filled in). */
export type ChannelRequest<C extends ChannelName> = z.output<(typeof channels)[C]['input']>;
/** The output a channel answers. */
export type ChannelOutput<C extends ChannelName> = z.output<(typeof channels)[C]['output']>;
/** The name of a pushed event. */
export type EventName = keyof typeof events;
/** The payload of a pushed event. */
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

/** The channel names, for the preload and the shells (built by walking the contract). */
export const channelNames = Object.keys(channels) as ChannelName[];
/** The event names, for the preload and the shells. */
export const eventNames = Object.keys(events) as EventName[];
