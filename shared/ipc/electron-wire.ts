/** The Electron ipc message carrying `(channel, input)` from the preload to main; main answers the envelope. */
export const IPC_INVOKE = 'trackdesk:invoke';
/** The Electron ipc message carrying `(event, payload)` from main to the preload. */
export const IPC_EVENT = 'trackdesk:event';
/**
 * The Electron ipc message carrying the disk paths of files dropped on the window, computed by the preload from the
 * dropped `File` objects (a page cannot forge those); main lets transfers use exactly these paths.
 */
export const IPC_ACCEPT_DROPPED = 'trackdesk:accept-dropped';
