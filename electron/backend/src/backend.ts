import { appInfo } from './app-info.ts';
import type { Handlers } from './ipc/dispatch.ts';
import { EMBEDDED_PROFILE_ID, embeddedProfile } from './profiles.ts';

/** Options for the desktop backend. */
export interface BackendOptions {
  /** Where settings and the embedded service's data live. */
  userDataDir: string;
}

/** The desktop backend: the handlers behind every ipc channel. */
export interface Backend {
  handlers: Handlers;
  close(): Promise<void>;
}

/** Creates the desktop backend for one app instance. */
export function createBackend(_options: BackendOptions): Backend {
  const handlers: Handlers = {
    'app.info': async () => appInfo,
    'profiles.list': async () => ({ profiles: [embeddedProfile()], activeProfileId: EMBEDDED_PROFILE_ID }),
  };
  return { handlers, close: async () => {} };
}
