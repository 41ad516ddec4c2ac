import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, clipboard, shell, type BrowserWindow } from 'electron';
import { isBrowsableSignInPage } from '../../shared/security/sign-in-page.ts';
import { createBackend, userDataDir, type Backend } from '../backend/src/backend.ts';
import { handleAppLinks, type AppLinks } from './app-links.ts';
import { registerAppScheme, serveRenderer } from './app-protocol.ts';
import { nativeDialogs } from './dialogs.ts';
import { hardenSession, hardenWebContents } from './hardening.ts';
import { connectIpc } from './ipc-bridge.ts';
import { installMenu } from './menu.ts';
import { electronServiceSpawner, isServiceProcess, systemLoginItems } from './service-spawner.ts';
import { START_SERVICE_FLAG } from '../backend/src/embedded/login-start.ts';
import { createMainWindow } from './window.ts';

/** Files of the build next to this one (out/main/index.js): the renderer, the preload and the embedded service entry. */
const built = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const dataDir = userDataDir();

let window: BrowserWindow | undefined;
let backend: Backend | undefined;
let quitting = false;
/**
 * Set by the menu's "Quit and Stop the Local Service Too" (or TRACKDESK_STOP_SERVICE_ON_EXIT=1, as test harnesses
 * start the app); a plain quit, or closing the window, leaves it serving scripts.
 */
let stopServiceOnQuit = process.env.TRACKDESK_STOP_SERVICE_ON_EXIT === '1';

if (isServiceProcess()) {
  // Started by an app instance as the local service: no window, no dock icon; it runs until asked to stop.
  app.dock?.hide();
  await import(pathToFileURL(built('./embedded.js')).href);
} else if (process.argv.includes(START_SERVICE_FLAG)) {
  // "Start at login": find or start the local service of the data folder, headless, and leave it serving.
  app.dock?.hide();
  void app.whenReady().then(async () => {
    const headless = createBackend({ userDataDir: dataDir, spawnService: electronServiceSpawner() });
    const status = await headless.embedded!.start();
    if (status.state !== 'ready') console.error(`Trackdesk: the local service is not running: ${status.message ?? status.state}`);
    await headless.release();
    app.quit();
  });
} else {
  registerAppScheme();
  app.enableSandbox();
  // Chromium's own state (cache, local storage) lives inside Trackdesk's data dir, apart from settings.json.
  app.setPath('userData', join(dataDir, 'electron'));
  if (!app.requestSingleInstanceLock()) {
    app.quit();
  } else {
    // A second start brings this window to the front, with the trackdesk:// link it was started with, if any.
    const appLinks = handleAppLinks(() => window);
    app.on('window-all-closed', () => app.quit());
    app.on('before-quit', (event) => {
      if (quitting || !backend) return;
      // Quit once the copy jobs stopped and, when asked, the local service stopped cleanly (in-flight writes finish, SQLite closes).
      event.preventDefault();
      quitting = true;
      void (stopServiceOnQuit ? backend.close() : backend.release()).finally(() => app.quit());
    });
    void app.whenReady().then(() => start(appLinks));
  }
}

function start(appLinks: AppLinks): void {
  hardenSession();
  serveRenderer(built('../renderer'));
  const current = createBackend({
    userDataDir: dataDir,
    spawnService: electronServiceSpawner(),
    dialogs: nativeDialogs(() => window),
    // Snippets with a key go straight to the system clipboard from here; the page only learns that they were copied.
    clipboard: { writeText: (text) => clipboard.writeText(text) },
    // A service's identity provider signs people in in the system browser (RFC 8252), never inside the app's window.
    openExternal: (url) => (isBrowsableSignInPage(url) ? shell.openExternal(url) : Promise.reject(new Error('Not an https sign-in page.'))),
    loginStart: { command: [process.execPath, ...(app.isPackaged ? [] : [app.getAppPath()]), START_SERVICE_FLAG], loginItems: systemLoginItems() },
  });
  backend = current;
  appLinks.connect((link) => {
    if (link.route === 'join') current.openedInvitations.open(link.invitationLink);
    else if ('viewLink' in link) current.openedViews.open(link.viewLink);
    else current.openedExperiments.open(link.experimentLink);
  });
  hardenWebContents(async () => {
    const { profiles } = await current.handlers['profiles.list']({});
    return new Set(profiles.filter((p) => p.kind === 'remote' && p.baseUrl.startsWith('https://')).map((p) => new URL(p.baseUrl).hostname));
  });
  connectIpc(current, () => window);
  installMenu(() => {
    stopServiceOnQuit = true;
    app.quit();
  });
  window = createMainWindow(built('../preload/index.cjs'));
  window.on('closed', () => (window = undefined));
}
