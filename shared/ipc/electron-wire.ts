/** The Electron ipc message carrying `(channel, input)` from the preload to main; main answers the envelope. */
export const IPC_INVOKE = 'trackdesk:invoke';
/** The Electron ipc message carrying `(event, payload)` from main to the preload. */
export const IPC_EVENT = 'trackdesk:event';
