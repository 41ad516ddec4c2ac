/** True in the desktop window (the preload's bridge is present); false in the browser shell, where the page holds no file paths. */
export function inDesktopWindow(): boolean {
  return window.trackdesk !== undefined;
}

/** The last segment of a path from the native dialog, on any OS. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).at(-1) ?? path;
}
