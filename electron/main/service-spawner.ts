import { app } from 'electron';
import { detachedSpawner } from '../backend/src/embedded/node-spawner.ts';
import { START_SERVICE_FLAG, type LoginItems } from '../backend/src/embedded/login-start.ts';
import { LOCAL_SERVICE_FLAG, SERVICE_NODE_FLAGS, type SpawnService } from '../backend/src/embedded/protocol.ts';

/**
 * Starts the local service as a background process of its own (this app's binary in service mode: the runAsNode fuse is
 * off), detached so it outlives the window; `--js-flags` gives it the service's heap settings.
 */
export function electronServiceSpawner(): SpawnService {
  const appArgs = app.isPackaged ? [] : [app.getAppPath()];
  return detachedSpawner(process.execPath, [...appArgs, `--js-flags=${SERVICE_NODE_FLAGS.join(' ')}`]);
}

/** True when this process was started to be the local service rather than the app. */
export const isServiceProcess = (): boolean => process.argv.includes(LOCAL_SERVICE_FLAG);

/** The system's login items (macOS, Windows): this app started with `--start-service`, which starts only the local service. */
export function systemLoginItems(): LoginItems {
  const args = [START_SERVICE_FLAG];
  return {
    isEnabled: () => app.getLoginItemSettings({ args }).openAtLogin,
    setEnabled: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled, args }),
  };
}
