import { invoke } from '../bridge.ts';
import { inDesktopWindow } from '../features/assets/desktop.ts';

/** A text file to hand to the user. */
export interface TextFile {
  text: string;
  fileName: string;
  mediaType: string;
}

/** Offers text as a download from the page (the browser shell, where the page holds no file paths). */
function downloadInPage(file: TextFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: `${file.mediaType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves a text file: to a file chosen in the desktop window's dialog (answering its path), or as a download in a
 * browser (answering undefined); null when the user cancelled the dialog.
 */
export async function saveTextFile(file: TextFile, title: string): Promise<string | null | undefined> {
  if (!inDesktopWindow()) {
    downloadInPage(file);
    return undefined;
  }
  const { path } = await invoke('files.chooseSave', { title, defaultName: file.fileName });
  if (path === null) return null;
  await invoke('files.saveText', { filePath: path, text: file.text });
  return path;
}
