import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { channelNames, eventNames, IPC_ACCEPT_DROPPED, IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/index.ts';

/** The channel and event names of the ipc contract: nothing else crosses the bridge. */
const allowedChannels: ReadonlySet<string> = new Set(channelNames);
const allowedEvents: ReadonlySet<string> = new Set(eventNames);

/**
 * `window.trackdesk`: exactly the ipc contract, plus `acceptDroppedFiles`, which turns files dropped on the window into
 * disk paths that transfers may use (a page cannot forge a File backed by a path, so this names no file the user did not drop). `invoke` reaches only the contract's channels (main checks the sender
 * and validates the input again); `on` delivers only the contract's events. `ipcRenderer` itself never crosses.
 */
contextBridge.exposeInMainWorld('trackdesk', {
  invoke(channel: string, input: unknown): Promise<unknown> {
    if (!allowedChannels.has(channel)) {
      return Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `Unknown channel "${channel}".` } });
    }
    return ipcRenderer.invoke(IPC_INVOKE, channel, input);
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!allowedEvents.has(event)) throw new Error(`Unknown event "${event}".`);
    const forward = (_message: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(IPC_EVENT, forward);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT, forward);
    };
  },
  async acceptDroppedFiles(files: File[]): Promise<string[]> {
    const paths = Array.from(files, (file) => webUtils.getPathForFile(file)).filter((path) => path !== '');
    return paths.length === 0 ? [] : ((await ipcRenderer.invoke(IPC_ACCEPT_DROPPED, paths)) as string[]);
  },
});
