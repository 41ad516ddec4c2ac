import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useGuardedClose } from '../../shell/guarded-close.ts';
import { useNotify } from '../../shell/notify.tsx';
import { metadataDiff, metadataEntries, metadataText, parseMetadataText } from './metadata-diff.ts';
import { MetadataDiffView } from './metadata-diff-view.tsx';
import { historyTarget } from './use-version-history.ts';
import { runMutation } from '../../lib/run-mutation.ts';

/** The version whose metadata is edited. */
interface MetadataTarget {
  workspaceName: string;
  modelName: string;
  registryModelId: string;
  registryModelItemId: string;
  version: string;
}

/**
 * Edits a version's metadata document as JSON text: checked as the user goes, then the changes against what the service holds
 * now are shown for review before saving. A refusal keeps the text and shows the server's message.
 */
export function MetadataDialog({ target, onClose }: { target: MetadataTarget; onClose: () => void }) {
  const notify = useNotify();
  const { workspaceName, modelName, version } = target;
  const details = useApiQuery('registryModelItemDetails', { workspaceName, modelName, version });
  const save = useApiMutation('updateRegistryModelItemMetadata', {
    invalidate: [['registryModelItemDetails', { workspaceName, modelName }], historyTarget(target.registryModelId)],
  });
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const [reviewing, setReviewing] = useState(false);
  const [checked, setChecked] = useState(false);
  const saved = details.data?.metadata;
  const text = typed ?? (saved ? metadataText(saved) : '');
  const parsed = parseMetadataText(text);
  const closeOutside = useGuardedClose(typed !== undefined && saved !== undefined && typed !== metadataText(saved), onClose);
  const changes = parsed.ok && saved ? metadataDiff(saved, parsed.document) : [];
  const review = () => {
    setChecked(true);
    if (parsed.ok) setReviewing(true);
  };
  const submit = () => {
    if (!parsed.ok) return;
    runMutation(
      save,
      { params: { registryModelItemId: target.registryModelItemId }, body: { metadata: metadataEntries(parsed.document) } },
      {
        onSuccess: () => {
          notify.success(`Saved the metadata of ${modelName} ${version}.`);
          onClose();
        },
      },
    );
  };
  const invalid = checked && !parsed.ok;
  return (
    <Dialog open onClose={closeOutside} aria-labelledby="metadata-title" maxWidth="md" fullWidth>
      <DialogTitle id="metadata-title">{`Metadata of ${modelName} ${version}`}</DialogTitle>
      <DialogContent>
        {details.error && <Alert severity="error">Could not read the metadata of {version}: {details.error.message}</Alert>}
        {!details.data && !details.error && <CircularProgress aria-label="Loading the metadata" />}
        {saved && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {reviewing ? (
              <section aria-label="Review of the metadata changes">
                <MetadataDiffView changes={changes} />
              </section>
            ) : (
              <TextField
                label="Metadata (JSON)"
                value={text}
                onChange={(event) => setTyped(event.target.value)}
                multiline
                minRows={8}
                maxRows={24}
                error={invalid}
                helperText={invalid && !parsed.ok ? parsed.message : 'A JSON object; each top-level key is one metadata entry of the version.'}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
            )}
            {save.error && <Alert severity="error">Could not save the metadata of {version}: {save.error.message}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {reviewing ? (
          <>
            <Button onClick={() => setReviewing(false)}>Back to editing</Button>
            <BusyButton variant="contained" busy={save.isPending} disabled={changes.length === 0} onClick={submit}>
              Save metadata
            </BusyButton>
          </>
        ) : (
          <Button variant="contained" disabled={!saved} onClick={review}>
            Review changes
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
