import { Alert, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useAccess } from '../../lib/access.ts';
import { useApiMutation } from '../../lib/api.ts';
import { runMutation } from '../../lib/run-mutation.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import type { ArtifactDetails } from './artifact-types.ts';
import { splitLabels } from './label-form.ts';

/** Edits the artifact's own tags (beside its versions'); a refusal of the service shows beside the field, which keeps what was typed. */
export function ArtifactTagsEditor({ artifact, workspaceName }: { artifact: ArtifactDetails; workspaceName: string }) {
  const notify = useNotify();
  const access = useAccess('updateArtifactDetails', workspaceName);
  const [tags, setTags] = useState(artifact.tags.join(', '));
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useApiMutation('updateArtifactDetails', { invalidate: ['getArtifact', 'listArtifacts'] });
  const submit = () => {
    setRefusal(null);
    runMutation(save, { body: { artifactId: artifact.artifactId, tags: splitLabels(tags) } }, {
      onSuccess: () => notify.success(`Saved the tags of ${artifact.artifactName}.`),
      onError: (error) => setRefusal(error.message),
    });
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} component="form" aria-label="Artifact tags" onSubmit={(event) => { event.preventDefault(); submit(); }}>
      <TextField size="small" label="Artifact tags" helperText="Comma-separated." value={tags} onChange={(event) => setTags(event.target.value)} sx={{ minWidth: 320 }} />
      <BusyButton type="submit" size="small" variant="outlined" busy={save.isPending} disabledReason={access.reason}>
        Save artifact tags
      </BusyButton>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ py: 0 }}>
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
