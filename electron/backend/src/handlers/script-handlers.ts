import type { Handlers } from '../ipc/dispatch.ts';
import type { ScriptAccess } from '../scripts/script-access.ts';

/** The `scripts.*` channels: settings for training scripts; no answer ever carries a key. */
export function scriptHandlers(scripts: ScriptAccess): Pick<Handlers, `scripts.${string}` & keyof Handlers> {
  return {
    'scripts.settings': ({ profileId }) => scripts.settings(profileId),
    'scripts.createKey': () => scripts.createKey(),
    'scripts.revokeKey': () => scripts.revokeKey(),
    'scripts.copy': ({ format, profileId, projectName, workspaceName }) => scripts.copy(format, profileId, projectName, workspaceName),
    'scripts.saveConfig': ({ filePath, profileId }) => scripts.saveConfig(filePath, profileId),
    'scripts.createPersonalKey': (input) => scripts.createPersonalKey(input),
  };
}
