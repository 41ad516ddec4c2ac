import { writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { scriptSnippet, type ChannelOutput, type ChannelRequest, type ScriptSettings, type SnippetFormat } from '../../../../shared/ipc/index.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import type { EmbeddedService } from '../embedded/host.ts';
import type { ChosenFiles } from '../files/chosen-files.ts';
import { writeFailure } from '../files/write-failure.ts';
import { AppError } from '../ipc/app-error.ts';
import type { KeyStore } from '../keys/key-store.ts';
import type { ProfileService } from '../profiles/profile-service.ts';

/** The keychain entry of the local service's key for scripts (beside the app's own key, under the embedded profile). */
export const SCRIPT_KEY_ID = 'embedded-scripts';

/**
 * Where the local service's key for scripts is kept when there is no keychain: beside the local service's database in
 * the data folder (mode 0600), so scripts and saved config files keep working after a restart.
 */
export const scriptKeyFile = (userDataDir: string): string => join(userDataDir, 'service', 'script-api-key');
/** The project the Python example logs into when the caller names none. */
const EXAMPLE_PROJECT = 'my-first-project';
/** How many characters of a key the service keeps in clear to revoke it by (server/src/accounts/keys.ts). */
const KEY_PREFIX_LENGTH = 8;

/** The shell's clipboard (the desktop window's; the browser shell has none the backend could write). */
export interface Clipboard {
  writeText(text: string): void;
}

/** What the script settings need from the rest of the backend. */
interface ScriptAccessParts {
  profiles: ProfileService;
  keys: KeyStore;
  embedded: EmbeddedService | undefined;
  clipboard: Clipboard | undefined;
  /** Present in the desktop window: files chosen in its dialogs (the only ones a save may replace). */
  chosenFiles: ChosenFiles | undefined;
  /** The service client's limits (for the personal keys it makes). */
  clientOptions: Partial<ClientOptions>;
}

/**
 * The settings a training script needs to log into a connection: its address for scripts and a key. The key is read
 * here and leaves the backend only to the clipboard or to a file the user named, never towards the renderer.
 */
export class ScriptAccess {
  private readonly parts: ScriptAccessParts;

  constructor(parts: ScriptAccessParts) {
    this.parts = parts;
  }

  /** What the panel shows for a profile (default: the active one). */
  async settings(profileId?: string): Promise<ScriptSettings> {
    const { profiles, keys } = this.parts;
    const id = profileId ?? (await profiles.list()).activeProfileId;
    const profile = await profiles.get(id);
    const dedicated = profile.kind === 'embedded';
    const baseUrl = dedicated ? (await this.embedded().whenReady()).baseUrl : profile.baseUrl;
    const keyStorage = await keys.storage(dedicated ? SCRIPT_KEY_ID : profile.id);
    return {
      profileId: profile.id,
      url: `${baseUrl.replace(/\/+$/, '')}/clientlib/`,
      keyKind: dedicated ? 'dedicated' : 'profile',
      keyReady: keyStorage !== 'missing',
      keyStorage,
      canCopy: this.parts.clipboard !== undefined,
      defaultConfigPath: join(homedir(), '.comet.config'),
    };
  }

  /** Creates the local service's key for scripts unless one is kept already. */
  async createKey(): Promise<ScriptSettings> {
    const { keys, profiles } = this.parts;
    const embeddedId = (await profiles.list()).profiles.find((profile) => profile.kind === 'embedded')?.id;
    if ((await keys.get(SCRIPT_KEY_ID)) === undefined) await keys.saveWithFallback(SCRIPT_KEY_ID, await this.embedded().issueScriptKey());
    return this.settings(embeddedId);
  }

  /** Revokes the local service's key for scripts and forgets it. */
  async revokeKey(): Promise<ScriptSettings> {
    const { keys, profiles } = this.parts;
    const embeddedId = (await profiles.list()).profiles.find((profile) => profile.kind === 'embedded')?.id;
    const key = await keys.get(SCRIPT_KEY_ID);
    if (key !== undefined) {
      await this.embedded().revokeKey(key.slice(0, KEY_PREFIX_LENGTH));
      await keys.remove(SCRIPT_KEY_ID);
    }
    return this.settings(embeddedId);
  }

  /** Puts a snippet, key included, on the clipboard (its example logging into `workspaceName`/`projectName` when given). */
  async copy(format: SnippetFormat, profileId?: string, projectName = EXAMPLE_PROJECT, workspaceName?: string): Promise<{ copied: true }> {
    const { clipboard } = this.parts;
    if (!clipboard) {
      throw new AppError('unsupported', 'This window cannot reach the clipboard without showing the key to the page; save the config file instead.');
    }
    clipboard.writeText(await this.snippet(format, profileId, projectName, workspaceName));
    return { copied: true };
  }

  /**
   * Writes the config file, key included, readable by the user only. A file chosen in the desktop window's save dialog
   * may be replaced (the dialog asked); a typed path must name a new file. Either way the name ends in `.config`, so a
   * page cannot make the backend write over anything else.
   */
  async saveConfig(filePath: string, profileId?: string): Promise<{ filePath: string }> {
    return this.writeConfig(filePath, await this.snippet('config', profileId, EXAMPLE_PROJECT));
  }

  /**
   * Makes a named key of the connection's user for a script (`createMyKey` with the connection's own key) and hands it
   * over once, to the clipboard or a config file (the same rules as `saveConfig`); Trackdesk keeps no copy of it.
   */
  async createPersonalKey(input: ChannelRequest<'scripts.createPersonalKey'>): Promise<ChannelOutput<'scripts.createPersonalKey'>> {
    const settings = await this.settings(input.profileId);
    if (input.deliver.to === 'clipboard' && !this.parts.clipboard) {
      throw new AppError('unsupported', 'This window cannot reach the clipboard without showing the key to the page; save a config file instead.');
    }
    const target = await this.parts.profiles.target(settings.profileId);
    const made = await new ServiceClient(target, this.parts.clientOptions).call('createMyKey', { body: { name: input.name, readOnly: input.readOnly } });
    const snippetFor = (format: SnippetFormat) => scriptSnippet(format, { url: settings.url, apiKey: made.apiKey, projectName: EXAMPLE_PROJECT });
    let deliveredTo = 'the clipboard';
    if (input.deliver.to === 'clipboard') this.parts.clipboard?.writeText(snippetFor(input.deliver.format));
    else deliveredTo = (await this.writeConfig(input.deliver.filePath, snippetFor('config'))).filePath;
    return { prefix: made.prefix, name: made.name, readOnly: made.readOnly, deliveredTo };
  }

  /** Writes a config file readable by the user only: a file chosen in a dialog may be replaced, a typed path must be new. */
  private async writeConfig(filePath: string, text: string): Promise<{ filePath: string }> {
    const { chosenFiles } = this.parts;
    const chosen = chosenFiles ? chosenFiles.require(filePath) : undefined;
    const path = chosen ?? resolve(filePath.replace(/^~(?=$|[\\/])/, homedir()));
    if (!basename(path).endsWith('.config')) throw new AppError('invalid_input', 'The config file must be named .comet.config (or end in .config).');
    try {
      await writeFile(path, text, { mode: 0o600, flag: chosen ? 'w' : 'wx' });
    } catch (error) {
      throw writeFailure(path, error);
    }
    return { filePath: path };
  }

  private async snippet(format: SnippetFormat, profileId: string | undefined, projectName: string, workspaceName?: string): Promise<string> {
    const settings = await this.settings(profileId);
    const apiKey =
      settings.keyKind === 'dedicated' ? await this.parts.keys.get(SCRIPT_KEY_ID) : (await this.parts.profiles.target(settings.profileId)).apiKey;
    if (apiKey === undefined) throw new AppError('not_found', 'There is no key for scripts yet: create one first.');
    return scriptSnippet(format, { url: settings.url, apiKey, projectName, workspaceName });
  }

  private embedded(): EmbeddedService {
    if (!this.parts.embedded) throw new AppError('unreachable', 'This window runs no local service: use a connection to a service instead.');
    return this.parts.embedded;
  }
}
