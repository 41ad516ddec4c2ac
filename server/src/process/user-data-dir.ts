import { homedir } from 'node:os';
import { join } from 'node:path';

/** The per-user data directory for Trackdesk: `TRACKDESK_USER_DATA_DIR`, else the OS convention. */
export function userDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TRACKDESK_USER_DATA_DIR) return env.TRACKDESK_USER_DATA_DIR;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Trackdesk');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Trackdesk');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Trackdesk');
}
