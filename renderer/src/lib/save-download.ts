import { invoke } from '../bridge.ts';
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
 * Has the browser save `url` as `fileName`, after checking that the shell answers it: a refusal (the file is gone, the
 * service is down) throws with the shell's message instead of ending as a failed entry in the browser's download list.
 */
async function saveThroughBrowser(url: string, fileName: string): Promise<void> {
  const probe = new AbortController();
  const response = await fetch(url, { signal: probe.signal });
  if (!response.ok) throw new Error((await response.text()).trim() || `The download failed (${response.status}).`);
  probe.abort();
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
}

/**
 * Saves a binary reply: to a file chosen in the desktop window's dialog (answering its path; null when the user cancelled),
 * or as the browser's download (answering undefined). Throws with the service's message when it refuses.
 */
export async function saveDownload({ endpoint, query, fileName, profileId }: DownloadRequest, onStart?: () => void): Promise<string | null | undefined> {
  if (!inDesktopWindow()) {
    onStart?.();
    await saveThroughBrowser(`/transfers/download?${new URLSearchParams({ endpoint, query: JSON.stringify(query), fileName, profileId })}`, fileName);
    return undefined;
  }
  const { path } = await invoke('files.chooseSave', { title: `Save ${fileName}`, defaultName: fileName });
  if (path === null) return null;
  onStart?.();
  await invoke('transfers.download', { transferId: newId(), endpoint, query, filePath: path, profileId });
  return path;
}
