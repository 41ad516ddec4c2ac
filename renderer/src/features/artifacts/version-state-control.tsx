import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useAccess } from '../../lib/access.ts';
import { useApiMutation } from '../../lib/api.ts';
import { runMutation } from '../../lib/run-mutation.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import type { ArtifactVersion } from './artifact-types.ts';

/** Sets a version's state to CLOSED or ERROR (E51, for good); the service's refusal (e.g. already final) is shown beside it. */
export function VersionStateControl({ version, workspaceName }: { version: ArtifactVersion; workspaceName: string }) {
  const notify = useNotify();
  const access = useAccess('setArtifactState', workspaceName);
  const [state, setState] = useState<'CLOSED' | 'ERROR'>('CLOSED');
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = useApiMutation('setArtifactState', { invalidate: ['getArtifact', 'listArtifacts'] });
  const submit = () => {
    setRefusal(null);
    runMutation(set, { body: { experimentKey: version.experimentKey, artifactVersionId: version.artifactVersionId, state } }, {
      onSuccess: () => notify.success(`Version ${version.version} is ${state} now.`),
      onError: (error) => setRefusal(error.message),
    });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField select size="small" label="New state" value={state} onChange={(event) => setState(event.target.value as 'CLOSED' | 'ERROR')} sx={{ minWidth: 140 }}>
        <MenuItem value="CLOSED">CLOSED</MenuItem>
        <MenuItem value="ERROR">ERROR</MenuItem>
      </TextField>
      <BusyButton size="small" variant="outlined" busy={set.isPending} disabledReason={access.reason} onClick={submit}>
        Set state
      </BusyButton>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
