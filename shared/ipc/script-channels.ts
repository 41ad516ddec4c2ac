import { z } from 'zod';
import { defineChannel } from './define.ts';
import { KeyStorage } from './profile-channels.ts';
import { SNIPPET_FORMATS } from './script-snippets.ts';

const profileId = z.string().min(1).optional();

/** What the "log from your code" panel shows for a connection; never the key itself. */
export const ScriptSettings = z.object({
  profileId: z.string(),
  /** The value of `COMET_URL_OVERRIDE`: the service's address plus `/clientlib/`. */
  url: z.string(),
  /** `dedicated`: a key made for scripts (the local service); `profile`: the connection's own key (a remote service). */
  keyKind: z.enum(['dedicated', 'profile']),
  /** True when a key exists, so snippets can be copied or saved. */
  keyReady: z.boolean(),
  /** Where that key is kept (`missing` when there is none), in the words the Connections screen uses. */
  keyStorage: KeyStorage,
  /** True where the shell can put a snippet on the clipboard (the desktop window). */
  canCopy: z.boolean(),
  /** Where saving the config file suggests writing it (the SDK reads `~/.comet.config`). */
  defaultConfigPath: z.string(),
});

/** What the "log from your code" panel shows. */
export type ScriptSettings = z.infer<typeof ScriptSettings>;

/** The settings a training script needs to log into a connection; the key stays in the backend. */
export const scriptChannels = {
  'scripts.settings': defineChannel({
    summary: "The script settings of a profile (default: the active one): address, whether a key exists, what the shell can do.",
    input: z.object({ profileId }),
    output: ScriptSettings,
  }),
  'scripts.createKey': defineChannel({
    summary:
      "Creates the key for scripts of the local service (kept if one exists): in the keychain, or without one in a file of Trackdesk's data folder readable by the user only.",
    input: z.object({}),
    output: ScriptSettings,
  }),
  'scripts.revokeKey': defineChannel({
    summary: 'Revokes the key for scripts of the local service: scripts using it are refused from then on.',
    input: z.object({}),
    output: ScriptSettings,
  }),
  'scripts.copy': defineChannel({
    summary: 'Puts the settings snippet, key included, on the clipboard (desktop window only; the browser shell answers "unsupported").',
    input: z.object({ profileId, format: z.enum(SNIPPET_FORMATS), projectName: z.string().min(1).max(100).optional(), workspaceName: z.string().min(1).max(100).optional() }),
    output: z.object({ copied: z.literal(true) }),
  }),
  'scripts.createPersonalKey': defineChannel({
    summary:
      "Makes a named key of the connection's user (optionally read-only) for a script and hands it over once: on the clipboard as a snippet, or in a new config file; Trackdesk keeps no copy.",
    input: z.object({
      profileId,
      name: z.string().trim().min(1, 'must not be empty').max(200),
      readOnly: z.boolean().default(false),
      deliver: z.discriminatedUnion('to', [
        z.object({ to: z.literal('clipboard'), format: z.enum(SNIPPET_FORMATS) }),
        z.object({ to: z.literal('file'), filePath: z.string().min(1).max(4096) }),
      ]),
    }),
    output: z.object({ prefix: z.string(), name: z.string(), readOnly: z.boolean(), deliveredTo: z.string() }),
  }),
  'scripts.saveConfig': defineChannel({
    summary: 'Writes the config file, key included, readable by the user only; never replaces a file the user did not choose in a dialog.',
    input: z.object({ profileId, filePath: z.string().min(1).max(4096) }),
    output: z.object({ filePath: z.string() }),
  }),
};
