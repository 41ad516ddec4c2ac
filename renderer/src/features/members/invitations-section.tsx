import LinkIcon from '@mui/icons-material/Link';
import { Alert, Box, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { WorkspaceRole } from '../../../../shared/api/index.ts';
import { useAccessCheck } from '../../lib/access.ts';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** How long a new link stays open, as offered. */
const LIFETIMES = [
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
  { hours: 720, label: '30 days' },
] as const;

/** Invitation links of a workspace (its admins only): make one with a role and a lifetime, see who used which, revoke open ones. */
export function InvitationsSection({ workspaceName }: { workspaceName: string }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const [role, setRole] = useState<WorkspaceRole>('member');
  const [hours, setHours] = useState<number>(72);
  const list = useApiQuery('listInvitations', { workspaceName });
  const create = useApiMutation('createInvitation', { invalidate: ['listInvitations'] });
  const revoke = useApiMutation('revokeInvitation', { invalidate: ['listInvitations'] });
  const accessOf = useAccessCheck(workspaceName);
  const made = create.data;
  const askRevoke = async (invitationId: string, invitationRole: string) => {
    const confirmed = await confirm({
      title: `Revoke this ${invitationRole} invitation?`,
      message: 'Its link stops working at once; nobody has joined with it yet.',
      confirmLabel: 'Revoke invitation',
      destructive: true,
    });
    if (confirmed) {
      runMutation(revoke, { body: { workspaceName, invitationId } }, { onSuccess: () => notify.success('Invitation revoked.'), onError: (error) => notify.error(error, 'Could not revoke the invitation') });
    }
  };
  return (
    <Box component="section" aria-labelledby="invitations-heading" sx={{ mt: 4 }}>
      <Typography id="invitations-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        Invitations
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
        <TextField select size="small" label="Invite as" value={role} onChange={(event) => setRole(event.target.value as WorkspaceRole)} sx={{ minWidth: 140 }}>
          <MenuItem value="viewer">Viewer</MenuItem>
          <MenuItem value="member">Member</MenuItem>
          <MenuItem value="admin">Admin</MenuItem>
        </TextField>
        <TextField select size="small" label="Link works for" value={hours} onChange={(event) => setHours(Number(event.target.value))} sx={{ minWidth: 140 }}>
          {LIFETIMES.map((each) => (
            <MenuItem key={each.hours} value={each.hours}>
              {each.label}
            </MenuItem>
          ))}
        </TextField>
        <BusyButton startIcon={<LinkIcon />} busy={create.isPending} disabledReason={accessOf('createInvitation').reason} onClick={() => create.mutate({ body: { workspaceName, role, expiresInHours: hours } })}>
          Make invitation link
        </BusyButton>
      </Stack>
      {create.error && <Alert severity="error">Could not make the invitation: {create.error.message}</Alert>}
      {made && (
        <TextField
          label="Invitation link"
          value={made.link}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { readOnly: true, onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select() } }}
          helperText={`Send it to the person you invite as ${made.role}: it works once, until ${formatDateTime(made.expiresAt)}. It is not shown again.`}
          sx={{ mb: 2 }}
        />
      )}
      {list.error && <Alert severity="error">Could not load the invitations: {list.error.message}</Alert>}
      {list.data && list.data.invitations.length > 0 && (
        <Table size="small" aria-label="Invitations">
          <TableHead>
            <TableRow>
              <TableCell>Role</TableCell>
              <TableCell>Made by</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell>State</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.invitations.map((invitation) => (
              <TableRow key={invitation.invitationId}>
                <TableCell>{invitation.role}</TableCell>
                <TableCell>{invitation.createdBy ?? '—'}</TableCell>
                <TableCell>{formatDateTime(invitation.expiresAt)}</TableCell>
                <TableCell>{invitation.state === 'used' ? `used by ${invitation.usedBy ?? 'a removed user'}` : invitation.state}</TableCell>
                <TableCell align="right">
                  {invitation.state === 'open' && (
                    <BusyButton size="small" color="error" disabledReason={accessOf('revokeInvitation').reason} onClick={() => void askRevoke(invitation.invitationId, invitation.role)}>
                      Revoke
                    </BusyButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
