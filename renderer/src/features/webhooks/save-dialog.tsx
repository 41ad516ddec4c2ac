import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useApiMutation } from '../../lib/api.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { ConfigDiffView, entriesText } from './config-diff-view.tsx';
import { entryProblems } from './entry-validation.ts';
import { diffConfig, hasChanges, saveBody, type SaveMode } from './webhook-diff.ts';
import type { WebhookEntry } from './webhook-model.ts';
import { runMutation } from '../../lib/run-mutation.ts';

/** Shows what saving changes (merge or replace) against the service's current configuration, and saves it. */
export function SaveDialog({
  workspaceName,
  saved,
  edited,
  onSaved,
  onClose,
}: {
  workspaceName: string;
  saved: readonly WebhookEntry[];
  edited: readonly WebhookEntry[];
  onSaved: () => void;
  onClose: () => void;
}) {
  const confirm = useConfirm();
  const notify = useNotify();
  const [mode, setMode] = useState<SaveMode>('merge');
  const invalidate = ['getWebhookConfig'] as const;
  const merge = useApiMutation('mergeWebhookConfig', { invalidate });
  const replace = useApiMutation('replaceWebhookConfig', { invalidate });
  const mutation = mode === 'merge' ? merge : replace;
  const diff = diffConfig(saved, edited, mode);
  const invalid = edited.filter((entry) => Object.keys(entryProblems(entry, edited)).length > 0);
  const save = async () => {
    if (mode === 'replace') {
      const confirmed = await confirm({
        title: `Replace the webhook configuration of “${workspaceName}”?`,
        message:
          diff.missing.length > 0
            ? `The workspace will keep exactly ${entriesText(edited.length)}. Removed: ${diff.missing.map((change) => change.entry.url).join(', ')}.`
            : `The workspace will keep exactly ${entriesText(edited.length)}; entries saved by others since you opened this screen would be removed.`,
        confirmLabel: 'Replace configuration',
        destructive: diff.missing.length > 0,
      });
      if (!confirmed) return;
    }
    runMutation(
      mutation,
      { body: saveBody(workspaceName, edited, diff) },
      {
        onSuccess: () => {
          notify.success(mode === 'merge' ? `Merged the webhook configuration of ${workspaceName}.` : `Replaced the webhook configuration of ${workspaceName}.`);
          onSaved();
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="save-title" maxWidth="md" fullWidth>
      <DialogTitle id="save-title">Save the webhook configuration of “{workspaceName}”</DialogTitle>
      <DialogContent>
        <FormControl sx={{ mb: 1 }}>
          <FormLabel id="mode-label">How to save</FormLabel>
          <RadioGroup aria-labelledby="mode-label" value={mode} onChange={(event) => setMode(event.target.value as SaveMode)}>
            <FormControlLabel value="merge" control={<Radio />} label="Merge: add and update entries; nothing is removed" />
            <FormControlLabel value="replace" control={<Radio />} label="Replace: the workspace keeps exactly these entries" />
          </RadioGroup>
        </FormControl>
        <Typography variant="body2" color="text.secondary">
          Compared with the configuration on the service now:
        </Typography>
        <ConfigDiffView diff={diff} />
        {invalid.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Correct these entries first: {invalid.map((entry) => entry.url || '(no address)').join(', ')}.
          </Alert>
        )}
        {mutation.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Could not save the configuration: {mutation.error.message} Your edits are still here.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <BusyButton variant="contained" color={mode === 'replace' ? 'warning' : 'primary'} busy={mutation.isPending} disabled={!hasChanges(diff) || invalid.length > 0} onClick={() => void save()}>
          {mode === 'merge' ? 'Save (merge)' : 'Replace configuration…'}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
