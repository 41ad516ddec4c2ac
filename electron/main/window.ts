import { BrowserWindow } from 'electron';
import { APP_START_URL } from './security-policy.ts';

/** Opens the app's one window on app://trackdesk/, shown once the first paint is ready. */
export function createMainWindow(preload: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Trackdesk',
    // Written out here (not built elsewhere) so electronegativity checks the real values in the built main.
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // Middle-click would otherwise try to open links in new windows (denied anyway).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_START_URL);
  return window;
}
