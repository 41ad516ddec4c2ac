import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { Profile } from '../../../../shared/ipc/index.ts';

/** The settings file's content: remote profiles, the active profile and this installation's id. */
const Settings = z.object({
  version: z.literal(1),
  /** Random per user data dir; prefixes keychain accounts so two data dirs never share an entry. */
  installationId: z.string().min(1),
  activeProfileId: z.string().min(1),
  /** The embedded profile's display name, if the user renamed it. */
  embeddedName: z.string().optional(),
  /** The local service's port, if the user chose one (TRACKDESK_LOCAL_PORT wins; else the default). */
  localServicePort: z.number().int().min(1).max(65535).optional(),
  profiles: z.array(Profile),
});

/** The settings file's content. */
type Settings = z.infer<typeof Settings>;

/** The settings file name inside the user data dir. */
const SETTINGS_FILE = 'settings.json';

/** Reads and writes `settings.json` in the user data dir; every write is atomic (temp file + rename) and serialised. */
export class SettingsStore {
  readonly path: string;
  private current: Promise<Settings> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly defaultActiveId: string;

  constructor(userDataDir: string, defaultActiveId: string) {
    this.path = join(userDataDir, SETTINGS_FILE);
    this.defaultActiveId = defaultActiveId;
  }

  /** The settings, loaded once (a missing file yields and writes the defaults). */
  read(): Promise<Settings> {
    this.current ??= this.load();
    return this.current;
  }

  /** Applies `change` to a copy of the settings and writes the result atomically; concurrent updates run one by one. */
  update(change: (settings: Settings) => Settings): Promise<Settings> {
    const next = this.queue.then(async () => {
      const updated = Settings.parse(change(structuredClone(await this.read())));
      await this.write(updated);
      this.current = Promise.resolve(updated);
      return updated;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async load(): Promise<Settings> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return this.writeDefaults();
    }
    const parsed = Settings.safeParse(safeJson(text));
    if (parsed.success) return parsed.data;
    const aside = `${this.path}.unreadable-${Date.now()}`;
    await rename(this.path, aside);
    console.warn(`Trackdesk: ${this.path} could not be read; it was moved to ${aside} and the defaults were restored.`);
    return this.writeDefaults();
  }

  private async writeDefaults(): Promise<Settings> {
    const settings: Settings = { version: 1, installationId: randomUUID(), activeProfileId: this.defaultActiveId, profiles: [] };
    await this.write(settings);
    return settings;
  }

  private async write(settings: Settings): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const temp = `${this.path}.${randomUUID()}.tmp`;
    await writeFile(temp, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600, flush: true });
    await rename(temp, this.path);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
