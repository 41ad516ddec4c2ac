import { Alert, Box, CircularProgress, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { scriptSnippet, SNIPPET_FORMATS, type ScriptSettings, type SnippetFormat } from '../../../../shared/ipc/index.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { inDesktopWindow } from '../assets/desktop.ts';
import { useScriptSettings, type OpenProject } from './use-script-settings.ts';
import { KeychainNotice, keyStorageInSentence } from '../../lib/key-storage.tsx';
import { useProfiles } from '../../lib/profiles.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** What the snippets show where the key goes (the page never holds it), naming only what this window offers: copy and save, or save. */
const keyStandIn = (canCopy: boolean): string => (canCopy ? '<the key: copied or saved by Trackdesk>' : '<the key: in the .comet.config Trackdesk saves>');

const FORMAT_LABELS: Record<SnippetFormat, string> = { shell: 'Shell', python: 'Python', config: '.comet.config' };

/**
 * "Log from your code": the two settings a training script needs for a connection (`COMET_URL_OVERRIDE` and a key),
 * as snippets for a shell, a Python script and the SDK's config file. The key itself is copied or saved by the backend.
 */
export function LogFromCodePanel({ profileId, project }: { profileId: string; project?: OpenProject }) {
  const { settings, createKey, revokeKey, copy, save } = useScriptSettings(profileId);
  const keychain = useProfiles().data?.keychain;
  const [format, setFormat] = useState<SnippetFormat>('shell');
  const [typedPath, setTypedPath] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const confirm = useConfirm();
  if (settings.error) return <Alert severity="error">Cannot read the settings for scripts: {settings.error.message}</Alert>;
  if (!settings.data) return <CircularProgress aria-label="Loading the settings for scripts" />;
  const current: ScriptSettings = settings.data;
  const path = typedPath ?? current.defaultConfigPath;
  const snippet = scriptSnippet(format, { url: current.url, apiKey: keyStandIn(current.canCopy), projectName: 'my-first-project', ...project });
  const failure = createKey.error ?? revokeKey.error ?? copy.error ?? save.error;
  const revoke = async () => {
    const ok = await confirm({
      title: 'Revoke the key for scripts?',
      message: 'Scripts that use it are refused from now on. You can create a new key at once.',
      confirmLabel: 'Revoke',
      destructive: true,
    });
    if (ok) runMutation(revokeKey, undefined, { onSuccess: () => setDone('The key for scripts was revoked.') });
  };
  return (
    <Box component="section" aria-labelledby="log-from-code-title">
      <Typography id="log-from-code-title" variant="h6" component="h3" gutterBottom>
        Log from your code
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        A training script that uses the comet_ml SDK logs here when it has two settings: this address and an API key.
        {project && ` The Python example logs its run into “${project.projectName}” of ${project.workspaceName}.`}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        COMET_URL_OVERRIDE: <Box component="code" data-testid="script-url">{current.url}</Box>
      </Typography>
      {current.keyKind === 'dedicated' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="body2">{current.keyReady ? `A key for scripts is ready (${keyStorageInSentence(current.keyStorage)}).` : 'No key for scripts yet.'}</Typography>
          {current.keyReady ? (
            <BusyButton size="small" color="error" busy={revokeKey.isPending} onClick={() => void revoke()}>
              Revoke the key
            </BusyButton>
          ) : (
            <BusyButton size="small" variant="contained" busy={createKey.isPending} onClick={() => runMutation(createKey, undefined, { onSuccess: () => setDone('A key for scripts was created.') })}>
              Create a key for scripts
            </BusyButton>
          )}
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          Scripts use this connection’s API key ({keyStorageInSentence(current.keyStorage)}).
        </Typography>
      )}
      <KeychainNotice keychain={keychain} />
      <Tabs value={format} onChange={(_event, value: SnippetFormat) => setFormat(value)} aria-label="Snippet format">
        {SNIPPET_FORMATS.map((one) => (
          <Tab key={one} value={one} label={FORMAT_LABELS[one]} />
        ))}
      </Tabs>
      <Box component="pre" aria-label={`${FORMAT_LABELS[format]} snippet`} sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {snippet}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        {current.canCopy && (
          <BusyButton size="small" variant="outlined" disabled={!current.keyReady} busy={copy.isPending} onClick={() => runMutation(copy, { format, project }, { onSuccess: () => setDone('Copied to the clipboard, key included.') })}>
            Copy with the key
          </BusyButton>
        )}
        {!inDesktopWindow() && (
          <TextField size="small" label="Config file" value={path} onChange={(event) => setTypedPath(event.target.value)} sx={{ minWidth: 320 }} />
        )}
        <BusyButton
          size="small"
          variant="outlined"
          disabled={!current.keyReady}
          busy={save.isPending}
          onClick={() => runMutation(save, { typedPath: path }, { onSuccess: (saved) => saved && setDone(`Saved the config file with the key to ${saved}.`) })}
        >
          Save .comet.config{inDesktopWindow() ? '…' : ''}
        </BusyButton>
      </Stack>
      <Typography role="status" variant="body2" color="success.main" sx={{ mt: 1, minHeight: '1.5em' }}>
        {done}
      </Typography>
      {failure && <Alert severity="error">{failure.message}</Alert>}
    </Box>
  );
}
