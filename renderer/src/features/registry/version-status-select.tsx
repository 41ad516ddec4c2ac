import { CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { useNotify } from '../../shell/notify.tsx';
import { historyTarget } from './use-version-history.ts';

/** What the status select changes: one version of one model. */
interface StatusTarget {
  workspaceName: string;
  modelName: string;
  registryModelId: string;
  registryModelItemId: string;
  version: string;
  status: string;
}

/**
 * A version's status, chosen from the workspace's allowed values (`registry-model/allowed_status_values`) and saved at once
 * (`write/registry-model/item/status`); a refusal is shown with the server's message and the select keeps the saved value.
 */
export function VersionStatusSelect({ target }: { target: StatusTarget }) {
  const notify = useNotify();
  const allowed = useApiQuery('registryAllowedStatusValues', { workspaceName: target.workspaceName });
  const setStatus = useApiMutation('setRegistryModelItemStatus', {
    invalidate: [['registryModelDetails', { workspaceName: target.workspaceName, modelName: target.modelName }], historyTarget(target.registryModelId)],
  });
  const values = allowed.data?.allowedStatus ?? [];
  const choices = values.includes(target.status) ? values : [target.status, ...values];
  const change = (status: string) => {
    if (status === target.status) return;
    setStatus.mutate(
      { body: { modelItemId: target.registryModelItemId, status } },
      {
        onSuccess: () => notify.success(`Version ${target.version} is now ${status}.`),
        onError: (error) => notify.error(error, `Could not set the status of ${target.version} to ${status}`),
      },
    );
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        variant="standard"
        value={target.status}
        onChange={(event) => change(event.target.value)}
        disabled={setStatus.isPending}
        error={Boolean(allowed.error)}
        helperText={allowed.error ? `Allowed values unavailable: ${allowed.error.message}` : undefined}
        slotProps={{ htmlInput: { 'aria-label': `Status of ${target.version}` } }}
        sx={{ minWidth: 130 }}
      >
        {choices.map((value) => (
          <MenuItem key={value} value={value}>
            {value}
          </MenuItem>
        ))}
      </TextField>
      {setStatus.isPending && <CircularProgress size={16} aria-label={`Saving the status of ${target.version}`} />}
    </Stack>
  );
}
