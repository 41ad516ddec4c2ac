import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelOutput, ScriptSettings, SnippetFormat } from '../../../../shared/ipc/index.ts';
import { invoke, type BridgeError } from '../../bridge.ts';
import { inDesktopWindow } from '../assets/desktop.ts';

/** The project a snippet's example logs into: the one open in the app. */
export interface OpenProject {
  workspaceName: string;
  projectName: string;
}

/** The react-query key of a profile's script settings. */
const settingsKey = (profileId: string) => ['scripts', profileId] as const;

/** A profile's script settings, and the actions of the panel (each answers what the backend did, never the key). */
export function useScriptSettings(profileId: string) {
  const client = useQueryClient();
  const settings = useQuery<ScriptSettings, BridgeError>({ queryKey: settingsKey(profileId), queryFn: () => invoke('scripts.settings', { profileId }) });
  const store = (next: ScriptSettings) => client.setQueryData(settingsKey(next.profileId), next);
  const createKey = useMutation<ScriptSettings, BridgeError>({ mutationFn: () => invoke('scripts.createKey', {}), onSuccess: store });
  const revokeKey = useMutation<ScriptSettings, BridgeError>({ mutationFn: () => invoke('scripts.revokeKey', {}), onSuccess: store });
  const copy = useMutation<ChannelOutput<'scripts.copy'>, BridgeError, { format: SnippetFormat; project?: OpenProject }>({
    mutationFn: ({ format, project }) => invoke('scripts.copy', { profileId, format, ...project }),
  });
  /** Saves the config file: in the desktop window where the user picks in the save dialog (null when cancelled), else at `typedPath`. */
  const save = useMutation<string | null, BridgeError, { typedPath: string }>({
    mutationFn: async ({ typedPath }) => {
      let filePath = typedPath;
      if (inDesktopWindow()) {
        const { path } = await invoke('files.chooseSave', { title: 'Save the Comet config file', defaultName: '.comet.config' });
        if (path === null) return null;
        filePath = path;
      }
      return (await invoke('scripts.saveConfig', { profileId, filePath })).filePath;
    },
  });
  return { settings, createKey, revokeKey, copy, save };
}
