import { appInfo } from './app-info.ts';
import type { ClientOptions } from './client/target.ts';
import { EmbeddedService, type EmbeddedServiceLimits } from './embedded/host.ts';
import { LOCAL_PORT_VARIABLE, localServicePort } from './embedded/local-port.ts';
import { LoginStart, type LoginItems } from './embedded/login-start.ts';
import type { SpawnService } from './embedded/protocol.ts';
import { EventBus } from './events.ts';
import { CopyJobs, type CopyJobOptions } from './copy/copy-jobs.ts';
import { apiHandlers } from './handlers/api-handlers.ts';
import { copyHandlers } from './handlers/copy-handlers.ts';
import { evidenceHandlers } from './handlers/evidence-handlers.ts';
import { offlineHandlers } from './handlers/offline-handlers.ts';
import { previewHandler } from './handlers/preview-handler.ts';
import { invitationHandlers } from './handlers/invitation-handlers.ts';
import { profileHandlers } from './handlers/profile-handlers.ts';
import { scriptHandlers } from './handlers/script-handlers.ts';
import { ChosenFiles } from './files/chosen-files.ts';
import { transferHandlers, type FileDialogs } from './handlers/transfer-handlers.ts';
import type { Handlers } from './ipc/dispatch.ts';
import { Keychain } from './keys/keychain.ts';
import { KeyStore } from './keys/key-store.ts';
import { EMBEDDED_PROFILE_ID } from './profiles/profile-list.ts';
import { ProfileService } from './profiles/profile-service.ts';
import { ProviderSignIns, type OpenExternal } from './profiles/provider-sign-in.ts';
import { SettingsStore } from './profiles/settings-store.ts';
import { OpenedLink } from './opened-links.ts';
import { experimentLinkHandlers } from './handlers/experiment-link-handlers.ts';
import { SCRIPT_KEY_ID, ScriptAccess, scriptKeyFile, type Clipboard } from './scripts/script-access.ts';
import { signInHandlers } from './handlers/sign-in-handlers.ts';
import { streamTransfers, type StreamTransfers } from './stream-transfers.ts';
import { AppError } from './ipc/app-error.ts';
import { OfflineImports } from './offline-import/offline-imports.ts';
import { TransferQueue } from './transfers.ts';

/** Where the desktop app keeps its settings and the embedded service's data (TRACKDESK_USER_DATA_DIR, else the OS convention). */
export { userDataDir } from '../../../server/src/process/user-data-dir.ts';

/** Options for the desktop backend. */
export interface BackendOptions {
  /** Where settings and the embedded service's data live. */
  userDataDir: string;
  /** Starts the local service as a background process (Node, or the Electron binary); without it, no local service runs. */
  spawnService?: SpawnService;
  /** Native file dialogs (desktop window only). */
  dialogs?: FileDialogs;
  /** The clipboard (desktop window only): where snippets with a key go, as the key must never reach the renderer. */
  clipboard?: Clipboard;
  /** Opens an address in the system browser (desktop window only): where a provider's sign-in page opens. */
  openExternal?: OpenExternal;
  /** How long a sign-in with a provider may wait for the browser (ms; tests shorten it). */
  providerSignInTimeoutMs?: number;
  /** The keychain service name (tests may isolate themselves with their own). */
  keychainService?: string;
  /** Overrides of the service client's limits (tests shorten them). */
  clientOptions?: Partial<ClientOptions>;
  /** Health-check interval, start timeout and restart policy of the embedded service. */
  embeddedLimits?: EmbeddedServiceLimits;
  /** How often the watched folder of offline archives is looked into (ms; tests shorten it). */
  offlinePollMs?: number;
  /** How many simultaneous uploads and downloads. */
  transferConcurrency?: number;
  /** Tuning of copy jobs between connections. */
  copyJobs?: CopyJobOptions;
  /** How "Start at login" starts only the local service: this shell's command with `--start-service`, and the system's login items (macOS, Windows). */
  loginStart?: { command: string[]; loginItems?: LoginItems; xdgConfigHome?: string };
}

/** The desktop backend: the handlers behind every ipc channel, the events it pushes, and its lifecycle. */
export interface Backend {
  handlers: Handlers;
  events: EventBus;
  /** Uploads and downloads of streamed bytes (the browser shell's transfer routes), on the same queue as the channels. */
  streams: StreamTransfers;
  /** The files the user chose in a dialog or dropped on the desktop window (the only ones transfers may touch there). */
  chosenFiles: ChosenFiles;
  /** The embedded service, when this backend runs one. */
  embedded: EmbeddedService | undefined;
  /** Invitation links the operating system opened the app with, until the window takes them. */
  openedInvitations: OpenedLink;
  /** Experiment addresses the operating system opened the app with (`trackdesk://open`), until the window takes them. */
  openedExperiments: OpenedLink;
  /** Saved view addresses the operating system opened the app with (`trackdesk://open?view=`), until the window takes them. */
  openedViews: OpenedLink;
  /** Copy and move jobs between connections. */
  copies: CopyJobs;
  /** Imports of offline archives into the local service (the browser shell hands it the bytes of picked files). */
  offline: OfflineImports | undefined;
  /** Stops the copy jobs and the local service and waits for them (quitting with "Stop the local service too"; tests). */
  close(): Promise<void>;
  /** Stops the copy jobs and lets go of the local service, which keeps serving scripts (the window closed). */
  release(): Promise<void>;
}

/** Creates the desktop backend for one app instance and starts the embedded service in the background. */
export function createBackend(options: BackendOptions): Backend {
  const events = new EventBus();
  const settings = new SettingsStore(options.userDataDir, EMBEDDED_PROFILE_ID);
  const keys = new KeyStore(new Keychain(options.keychainService), async () => (await settings.read()).installationId, {
    [SCRIPT_KEY_ID]: scriptKeyFile(options.userDataDir),
  });
  const embedded = options.spawnService
    ? new EmbeddedService({
        userDataDir: options.userDataDir,
        keys,
        spawn: options.spawnService,
        port: async () => localServicePort(process.env, (await settings.read()).localServicePort),
        onStatus: (status) => events.emit('service.status', status),
        ...options.embeddedLimits,
      })
    : undefined;
  const profiles = new ProfileService(settings, keys, {
    baseUrl: () => embedded?.currentStatus().baseUrl ?? '',
    whenReady: () => (embedded ? embedded.whenReady() : Promise.reject(notRunning())),
  });
  const clientOptions = options.clientOptions ?? {};
  const queue = new TransferQueue(events, options.transferConcurrency);
  const chosenFiles = new ChosenFiles();
  const scripts = new ScriptAccess({ profiles, keys, embedded, clipboard: options.clipboard, chosenFiles: options.dialogs ? chosenFiles : undefined, clientOptions });
  const copies = new CopyJobs(options.userDataDir, profiles, clientOptions, events, options.copyJobs);
  const openedInvitations = new OpenedLink(events, 'invitations.opened');
  const openedExperiments = new OpenedLink(events, 'experiments.opened');
  const openedViews = new OpenedLink(events, 'views.opened');
  const offline = embedded && new OfflineImports({ userDataDir: options.userDataDir, target: () => embedded.whenReady(), events, ...(options.offlinePollMs ? { pollMs: options.offlinePollMs } : {}) });
  const loginStart = options.loginStart && new LoginStart({ ...options.loginStart, env: loginStartEnv(options.userDataDir) });
  const handlers: Handlers = {
    'app.info': async () => appInfo,
    ...profileHandlers(profiles, clientOptions),
    ...invitationHandlers(profiles, openedInvitations, clientOptions),
    ...experimentLinkHandlers(profiles, openedExperiments, openedViews),
    ...signInHandlers(new ProviderSignIns(profiles, clientOptions, options.openExternal, options.providerSignInTimeoutMs)),
    'service.status': async () => embedded?.currentStatus() ?? { profileId: EMBEDDED_PROFILE_ID, state: 'stopped', message: notRunning().message },
    'service.restart': async () => (embedded ? embedded.restart() : Promise.reject(notRunning())),
    'service.stop': async () => {
      if (!embedded) throw notRunning();
      await embedded.stop();
      return embedded.currentStatus();
    },
    'service.setPort': async ({ port }) => {
      if (!embedded) throw notRunning();
      if (process.env[LOCAL_PORT_VARIABLE]) throw new AppError('invalid_input', `${LOCAL_PORT_VARIABLE}=${process.env[LOCAL_PORT_VARIABLE]} is set where Trackdesk was started: it decides the port. Change or unset it and start Trackdesk again.`);
      await settings.update((current) => ({ ...current, localServicePort: port }));
      return embedded.restart();
    },
    'service.loginStart': async () => (loginStart ? loginStart.state() : Promise.reject(noLoginStart())),
    'service.setLoginStart': async ({ enabled }) => (loginStart ? loginStart.set(enabled) : Promise.reject(noLoginStart())),
    ...apiHandlers(profiles, clientOptions),
    ...transferHandlers(profiles, queue, clientOptions, options.dialogs, chosenFiles),
    ...previewHandler(profiles, clientOptions),
    ...evidenceHandlers(profiles, clientOptions, options.dialogs ? chosenFiles : undefined),
    ...scriptHandlers(scripts),
    ...copyHandlers(copies),
    ...offlineHandlers(offline, options.dialogs, chosenFiles),
  };
  void embedded?.start();
  void offline?.start().catch((error: unknown) => console.error('Trackdesk: the watched folder of offline runs could not be read:', error));
  void copies.load().catch((error: unknown) => console.error('Trackdesk: the copy jobs could not be read:', error));
  const streams = streamTransfers(profiles, queue, clientOptions);
  return {
    handlers,
    events,
    streams,
    chosenFiles,
    embedded,
    openedInvitations,
    openedExperiments,
    openedViews,
    copies,
    offline,
    close: async () => {
      await offline?.stop();
      await copies.stopAll();
      await embedded?.stop();
    },
    release: async () => {
      await offline?.stop();
      await copies.stopAll();
      await embedded?.detach();
    },
  };
}

/** What the login start's command needs to find this data folder (and the port, when the environment sets it). */
function loginStartEnv(userDataDir: string): Record<string, string> {
  const port = process.env[LOCAL_PORT_VARIABLE];
  return { TRACKDESK_USER_DATA_DIR: userDataDir, ...(port ? { [LOCAL_PORT_VARIABLE]: port } : {}) };
}

function noLoginStart(): AppError {
  return new AppError('unsupported', 'This Trackdesk cannot start the local service at login: start it from the desktop app or `npm run serve`.');
}

function notRunning(): Error {
  return new Error('This process runs no embedded service.');
}
