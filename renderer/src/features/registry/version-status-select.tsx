import { MenuItem, TextField } from '@mui/material';
import { useApiQuery } from '../../lib/api.ts';
import { RefusalTooltip } from '../../shell/refusal-tooltip.tsx';

/**
 * A version's status, chosen from the workspace's allowed values (`registry-model/allowed_status_values`). Choosing another one
 * does not save it: it opens the promotion cockpit (`onChoose`), which compares, applies the policy and makes the change.
 */
export function VersionStatusSelect({
  workspaceName,
  version,
  status,
  refusal,
  onChoose,
}: {
  workspaceName: string;
  version: string;
  status: string;
  /** Why the caller may not change the status (see `useAccess`): the select is disabled and says why. */
  refusal: string | undefined;
  onChoose: (status: string) => void;
}) {
  const allowed = useApiQuery('registryAllowedStatusValues', { workspaceName });
  const values = allowed.data?.allowedStatus ?? [];
  const choices = values.includes(status) ? values : [status, ...values];
  return (
    <RefusalTooltip reason={refusal}>
      <TextField
      select
      disabled={refusal !== undefined}
      size="small"
      variant="standard"
      value={status}
      onChange={(event) => event.target.value !== status && onChoose(event.target.value)}
      error={Boolean(allowed.error)}
      helperText={allowed.error ? `Allowed values unavailable: ${allowed.error.message}` : undefined}
      slotProps={{ htmlInput: { 'aria-label': `Status of ${version}` } }}
      sx={{ minWidth: 130 }}
    >
      {choices.map((value) => (
        <MenuItem key={value} value={value}>
          {value}
        </MenuItem>
      ))}
    </TextField>
    </RefusalTooltip>
  );
}
