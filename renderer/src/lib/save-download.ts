import { BridgeError, callShell, invoke } from '../bridge.ts';
import { inDesktopWindow } from '../features/assets/desktop.ts';
import { newId } from '../features/assets/upload-store.ts';

/** A binary reply of the service to save as a file: the endpoint, its query and the name offered. */
export interface DownloadRequest {
  endpoint: string;
  query: Record<string, string>;
  fileName: string;
  profileId: string;
}

/**
 * Has the browser save a binary reply as `fileName`: the shell opens it (so a refusal, e.g. the file is gone or the
 * service is down, throws with its message instead of ending as a failed entry in the browser's download list) and
 * answers a one-use address, which the browser's own download then streams to the user's download folder.
 */
async function saveThroughBrowser(request: DownloadRequest): Promise<void> {
  const envelope = await callShell('/transfers/download', request);
  if (!envelope.ok) throw new BridgeError(envelope.error);
  const link = document.createElement('a');
  link.href = (envelope.data as { url: string }).url;
  link.download = request.fileName;
  link.click();
}

/**
 * Saves a binary reply: to a file chosen in the desktop window's dialog (answering its path; null when the user cancelled),
 * or as the browser's download (answering undefined). Throws with the service's message when it refuses.
 */
export async function saveDownload({ endpoint, query, fileName, profileId }: DownloadRequest, onStart?: () => void): Promise<string | null | undefined> {
  if (!inDesktopWindow()) {
    onStart?.();
    await saveThroughBrowser({ endpoint, query, fileName, profileId });
    return undefined;
  }
  const { path } = await invoke('files.chooseSave', { title: `Save ${fileName}`, defaultName: fileName });
  if (path === null) return null;
  onStart?.();
  await invoke('transfers.download', { transferId: newId(), endpoint, query, filePath: path, profileId });
  return path;
}
