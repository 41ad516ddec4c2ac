import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { AppError } from '../ipc/app-error.ts';

/** The argument that makes the app (or `npm run serve`) find or start the local service of its data folder, and exit. */
export const START_SERVICE_FLAG = '--start-service';

/** The operating system's own login items (Electron's `app.setLoginItemSettings`, on macOS and Windows). */
export interface LoginItems {
  isEnabled(): boolean;
  setEnabled(enabled: boolean): void;
}

/** Whether the local service starts at login, and where that is recorded. */
export interface LoginStartState {
  enabled: boolean;
  /** The autostart entry's path, or the system's login items. */
  where: string;
}

/** How a login start is recorded: the command that starts only the service, and the system's login items where it has them. */
export interface LoginStartOptions {
  /** The command that starts only the local service, headless (this app with `--start-service`). */
  command: string[];
  /** The environment variables the command needs to find the same data folder and port. */
  env?: Record<string, string>;
  loginItems?: LoginItems;
  platform?: NodeJS.Platform;
  xdgConfigHome?: string;
}

/** `$XDG_CONFIG_HOME/autostart/trackdesk-service.desktop` (XDG_CONFIG_HOME defaults to ~/.config). */
export function autostartFile(xdgConfigHome = process.env.XDG_CONFIG_HOME): string {
  return join(xdgConfigHome || join(homedir(), '.config'), 'autostart', 'trackdesk-service.desktop');
}

/** One argument of a desktop entry's Exec line (Desktop Entry spec: quoted when needed, `%` doubled). */
function execArgument(argument: string): string {
  const quoted = /[\s"'\\`$<>~|&;*?#()]/.test(argument) || argument === '' ? `"${argument.replace(/(["`$\\])/g, '\\$1')}"` : argument;
  return quoted.replaceAll('%', '%%');
}

/** The autostart entry: a hidden-from-menus application that starts only the local service at login. */
export function desktopEntry(command: string[], env: Record<string, string> = {}): string {
  const assignments = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  const exec = [...(assignments.length > 0 ? ['env', ...assignments] : []), ...command].map(execArgument).join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Trackdesk local service',
    'Comment=Starts the Trackdesk local tracking service at login, so scripts can log while the app is closed',
    `Exec=${exec}`,
    'Terminal=false',
    'NoDisplay=true',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** "Start at login" for the local service: an XDG autostart entry on Linux, the system's login items elsewhere. */
export class LoginStart {
  private readonly options: LoginStartOptions;
  private readonly platform: NodeJS.Platform;
  constructor(options: LoginStartOptions) {
    this.options = options;
    this.platform = options.platform ?? process.platform;
  }

  /** Whether it is on, and where that is recorded. */
  async state(): Promise<LoginStartState> {
    if (this.platform !== 'linux') return { enabled: this.loginItems().isEnabled(), where: 'the system login items' };
    const file = autostartFile(this.options.xdgConfigHome);
    const enabled = await readFile(file, 'utf8').then(
      () => true,
      () => false,
    );
    return { enabled, where: file };
  }

  /** Turns it on (writes the entry, or adds the login item) or off (removes them). */
  async set(enabled: boolean): Promise<LoginStartState> {
    if (this.platform !== 'linux') {
      this.loginItems().setEnabled(enabled);
      return this.state();
    }
    const file = autostartFile(this.options.xdgConfigHome);
    if (enabled) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, desktopEntry(this.options.command, this.options.env), { mode: 0o644 });
    } else {
      await rm(file, { force: true });
    }
    return this.state();
  }

  private loginItems(): LoginItems {
    if (!this.options.loginItems) throw new AppError('unsupported', 'Starting the local service at login is set in the desktop app on this system.');
    return this.options.loginItems;
  }
}
