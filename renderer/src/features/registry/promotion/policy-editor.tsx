import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, CircularProgress, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useAccess } from '../../../lib/access.ts';
import { useApiMutation, useApiQuery } from '../../../lib/api.ts';
import { BusyButton } from '../../../shell/busy-button.tsx';
import { useConfirm } from '../../../shell/confirm.tsx';
import { useNotify } from '../../../shell/notify.tsx';
import type { ApprovalRule } from './governance.ts';
import { runMutation } from '../../../lib/run-mutation.ts';

/** A rule as edited: approvers as the comma-separated text the user types. */
interface RuleDraft {
  kind: ApprovalRule['kind'];
  value: string;
  approvers: string;
}

const toDraft = (rule: ApprovalRule): RuleDraft => ({ kind: rule.kind, value: rule.value, approvers: rule.approvers.join(', ') });
const toRule = (draft: RuleDraft): ApprovalRule => ({
  kind: draft.kind,
  value: draft.value.trim(),
  approvers: draft.approvers.split(',').map((name) => name.trim()).filter(Boolean),
});

/** One rule in words, for the read-only view. */
const ruleText = (rule: ApprovalRule) => `${rule.kind} “${rule.value}”: approval by ${rule.approvers.length > 0 ? rule.approvers.join(', ') : 'any other member'}`;

function RulesForm({ initial, saving, onSave }: { initial: RuleDraft[]; saving: boolean; onSave: (rules: ApprovalRule[]) => void }) {
  const [drafts, setDrafts] = useState<RuleDraft[]>(initial);
  const update = (index: number, patch: Partial<RuleDraft>) => setDrafts((rows) => rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {drafts.map((draft, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField select size="small" label={`Kind of rule ${index + 1}`} value={draft.kind} onChange={(event) => update(index, { kind: event.target.value as RuleDraft['kind'] })} sx={{ minWidth: 120 }}>
            <MenuItem value="stage">Stage</MenuItem>
            <MenuItem value="status">Status</MenuItem>
          </TextField>
          <TextField size="small" label={`Stage or status of rule ${index + 1}`} value={draft.value} onChange={(event) => update(index, { value: event.target.value })} />
          <TextField
            size="small"
            label={`Approvers of rule ${index + 1}`}
            helperText="User names, comma-separated; empty: any other member"
            value={draft.approvers}
            onChange={(event) => update(index, { approvers: event.target.value })}
            sx={{ flexGrow: 1 }}
          />
          <IconButton aria-label={`Remove rule ${index + 1}`} onClick={() => setDrafts((rows) => rows.filter((_, at) => at !== index))}>
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button startIcon={<AddIcon />} onClick={() => setDrafts((rows) => [...rows, { kind: 'stage', value: '', approvers: '' }])}>
          Add rule
        </Button>
        <BusyButton variant="contained" busy={saving} onClick={() => onSave(drafts.map(toRule))}>
          Save policy
        </BusyButton>
      </Stack>
    </Stack>
  );
}

/** The model's approval policy (who may approve what): its own rules or the workspace default, edited with refusals shown in place. */
export function PolicyEditor({ workspaceName, modelName }: { workspaceName: string; modelName: string }) {
  const confirm = useConfirm();
  const notify = useNotify();
  const policy = useApiQuery('registryPolicy', { workspaceName, modelName });
  const save = useApiMutation('setRegistryPolicy', { invalidate: ['registryPolicy'] });
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Only admins change approval policies: others see the policy in force and why they cannot change it. */
  const { reason: readOnlyReason } = useAccess('setRegistryPolicy', workspaceName);
  const readOnly = readOnlyReason !== undefined;
  const submit = (rules: ApprovalRule[] | null) => {
    setRefusal(null);
    runMutation(
      save,
      { body: { workspaceName, modelName, rules } },
      { onSuccess: () => notify.success(`Saved the approval policy of ${modelName}.`), onError: (error) => setRefusal(error.message) },
    );
  };
  const revertToDefault = async () => {
    const confirmed = await confirm({
      title: `Remove the own policy of “${modelName}”?`,
      message: 'Its rules are deleted and the workspace default applies to it again.',
      confirmLabel: 'Use the workspace default',
      destructive: true,
    });
    if (confirmed) submit(null);
  };
  let body;
  if (policy.error) body = <Alert severity="info">The approval policy could not be read: {policy.error.message}</Alert>;
  else if (!policy.data) body = <CircularProgress size={24} aria-label="Loading the approval policy" />;
  else {
    const own = policy.data.rules;
    body = (
      <>
        <Typography variant="body2" role="status" aria-label="Policy in force">
          {policy.data.effective.length === 0 ? 'No approval is needed for any change.' : policy.data.effective.map(ruleText).join(' · ')}
          {own === null ? ' (the workspace default)' : ' (this model’s own rules)'}
        </Typography>
        {refusal && (
          <Alert severity="error" sx={{ mt: 1 }}>
            The service refused the policy: {refusal}
          </Alert>
        )}
        {readOnly ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            Read-only: {readOnlyReason} Only the workspace’s admins change approval policies.
          </Alert>
        ) : (
          <RulesForm key={JSON.stringify(own ?? policy.data.workspaceDefault)} initial={(own ?? policy.data.workspaceDefault).map(toDraft)} saving={save.isPending} onSave={submit} />
        )}
        {own !== null && !readOnly && (
          <Button sx={{ mt: 1 }} color="error" disabled={save.isPending} onClick={() => void revertToDefault()}>
            Use the workspace default
          </Button>
        )}
      </>
    );
  }
  return (
    <Box component="section" aria-labelledby="policy-title" sx={{ mt: 3 }}>
      <Typography id="policy-title" variant="h6" component="h3">
        Approval policy
      </Typography>
      {body}
    </Box>
  );
}
