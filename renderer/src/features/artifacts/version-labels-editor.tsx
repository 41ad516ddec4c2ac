import { Alert, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useAccess } from '../../lib/access.ts';
import { useApiMutation } from '../../lib/api.ts';
import { runMutation } from '../../lib/run-mutation.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import type { ArtifactVersion } from './artifact-types.ts';
import { labelsBody, metadataProblem, type LabelDraft } from './label-form.ts';

const draftOf = (version: ArtifactVersion): LabelDraft => ({ aliases: version.alias.join(', '), tags: version.tags.join(', '), metadata: version.metadata ?? '' });

/**
 * Edits a version's aliases, tags and metadata (labels, so a CLOSED version takes them too). A refusal of the service is
 * shown under the fields, which keep what the user typed.
 */
export function VersionLabelsEditor({ version, workspaceName }: { version: ArtifactVersion; workspaceName: string }) {
  const notify = useNotify();
  const access = useAccess('updateArtifactVersionLabels', workspaceName);
  const [draft, setDraft] = useState(() => draftOf(version));
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useApiMutation('updateArtifactVersionLabels', { invalidate: ['getArtifact', 'listArtifacts'] });
  const problem = metadataProblem(draft.metadata);
  const change = (field: keyof LabelDraft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const submit = () => {
    setRefusal(null);
    runMutation(save, { body: labelsBody(version.artifactVersionId, draft) }, {
      onSuccess: () => notify.success(`Saved the labels of version ${version.version}.`),
      onError: (error) => setRefusal(error.message),
    });
  };
  return (
    <Stack spacing={1.5} component="form" aria-label={`Labels of version ${version.version}`} onSubmit={(event) => { event.preventDefault(); submit(); }}>
      <TextField size="small" label="Aliases" helperText="Comma-separated; an alias set here leaves the artifact's other versions." value={draft.aliases} onChange={change('aliases')} />
      <TextField size="small" label="Version tags" helperText="Comma-separated." value={draft.tags} onChange={change('tags')} />
      <TextField size="small" label="Metadata (JSON)" multiline minRows={2} value={draft.metadata} onChange={change('metadata')} error={problem !== undefined} helperText={problem ? `The metadata ${problem}.` : ' '} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BusyButton type="submit" variant="contained" size="small" busy={save.isPending} disabled={problem !== undefined} disabledReason={access.reason}>
          Save labels
        </BusyButton>
        {refusal && (
          <Alert severity="error" role="alert" sx={{ py: 0 }}>
            {refusal}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}
