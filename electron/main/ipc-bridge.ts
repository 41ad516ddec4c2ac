import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_ACCEPT_DROPPED, IPC_EVENT, IPC_INVOKE } from '../../shared/ipc/index.ts';
import type { Backend } from '../backend/src/backend.ts';
import { dispatch } from '../backend/src/ipc/dispatch.ts';
import { isTrustedSender } from './security-policy.ts';

/** Describes the frame behind an ipc call for the security policy. */
function senderOf(event: IpcMainInvokeEvent, window: BrowserWindow | undefined) {
  const frame = event.senderFrame;
  if (!frame) return undefined;
  return {
    url: frame.url,
    isMainFrame: frame.parent === null,
    isAppWindow: window !== undefined && !window.isDestroyed() && event.sender === window.webContents,
  };
}

/** Answers the preload's calls (after checking the sender) with the backend's envelopes, and pushes backend events to the window. */
export function connectIpc(backend: Backend, window: () => BrowserWindow | undefined): () => void {
  ipcMain.handle(IPC_INVOKE, async (event, channel: unknown, input: unknown) => {
    if (!isTrustedSender(senderOf(event, window()))) {
      return { ok: false, error: { code: 'forbidden', message: 'Refused: this call did not come from the Trackdesk window.' } };
    }
    return dispatch(backend.handlers, String(channel), input);
  });
  // Only the preload sends this (the page has no ipcRenderer): paths it read from dropped File objects.
  ipcMain.handle(IPC_ACCEPT_DROPPED, (event, paths: unknown) => {
    if (!isTrustedSender(senderOf(event, window()))) return [];
    return backend.chosenFiles.addDropped(paths);
  });
  const unsubscribe = backend.events.subscribe((name, payload) => {
    const target = window();
    if (target && !target.isDestroyed()) target.webContents.send(IPC_EVENT, name, payload);
  });
  return () => {
    ipcMain.removeHandler(IPC_INVOKE);
    ipcMain.removeHandler(IPC_ACCEPT_DROPPED);
    unsubscribe();
  };
}
