import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { WorkspaceRole } from '../../../../shared/api/index.ts';
import { useAccessCheck } from '../../lib/access.ts';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { formatDateTime, withArticle } from '../../lib/format.ts';
import { useWorkspace, useWorkspaceRole } from '../../lib/workspace.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** The roles, least first, with what each may do (shown where a role is chosen). */
const ROLES: { role: WorkspaceRole; label: string; may: string }[] = [
  { role: 'viewer', label: 'Viewer', may: 'reads everything, changes nothing' },
  { role: 'member', label: 'Member', may: 'logs and changes projects, experiments, models' },
  { role: 'admin', label: 'Admin', may: 'also manages members, webhooks and approval policies' },
];

/** The queries a change of members refreshes. */
const MEMBER_READS = ['listWorkspaceMembers', 'listWorkspaces'] as const;

/** The members of the selected workspace with their roles; admins add, change and remove them and make invitation links; anyone may leave. */
export function MembersScreen() {
  const { workspaceName } = useWorkspace();
  const account = useApiQuery('accountDetails', {});
  const members = useApiQuery('listWorkspaceMembers', { workspaceName: workspaceName ?? '' }, { enabled: Boolean(workspaceName) });
  const role = useWorkspaceRole(workspaceName);
  const accessOf = useAccessCheck(workspaceName);
  /** Why the caller may not manage members; the admins' controls show once the role is known and allows them. */
  const refusal = accessOf('addWorkspaceMember').reason ?? accessOf('setWorkspaceMemberRole').reason ?? accessOf('removeWorkspaceMember').reason;
  const isAdmin = role !== undefined && refusal === undefined;
  if (!workspaceName) return null;
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Members of “{workspaceName}”
      </Typography>
      {members.error && <Alert severity="error">Could not load the members of “{workspaceName}”: {members.error.message}</Alert>}
      {refusal && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Read-only: {refusal} Only the workspace’s admins add, change or remove members.
        </Alert>
      )}
      {isAdmin && <AddMemberForm workspaceName={workspaceName} />}
      {members.data && <MemberTable workspaceName={workspaceName} members={members.data.members} me={account.data?.userName} isAdmin={isAdmin} />}
      {isAdmin && <InvitationsSection workspaceName={workspaceName} />}
    </Box>
  );
}

/** Adds an existing user by name with a role; keeps what was typed when the service refuses it. */
function AddMemberForm({ workspaceName }: { workspaceName: string }) {
  const notify = useNotify();
  const [userName, setUserName] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('member');
  const add = useApiMutation('addWorkspaceMember', { invalidate: MEMBER_READS });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userName.trim()) return;
    runMutation(
      add,
      { body: { workspaceName, userName: userName.trim(), role } },
      {
        onSuccess: () => {
          notify.success(`${userName.trim()} is now ${withArticle(role)} of “${workspaceName}”.`);
          setUserName('');
        },
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Add a member" sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField size="small" label="User name" value={userName} onChange={(event) => setUserName(event.target.value)} required />
        <TextField size="small" select label="Role" value={role} onChange={(event) => setRole(event.target.value as WorkspaceRole)} sx={{ minWidth: 140 }}>
          {ROLES.map((each) => (
            <MenuItem key={each.role} value={each.role}>
              {each.label}
            </MenuItem>
          ))}
        </TextField>
        <BusyButton type="submit" variant="contained" startIcon={<PersonAddIcon />} busy={add.isPending} disabled={!userName.trim()}>
          Add member
        </BusyButton>
      </Stack>
      {add.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          Could not add “{userName.trim()}”: {add.error.message}
        </Alert>
      )}
    </Box>
  );
}

/** One row per member: name, role (a choice for admins), when they joined, and Remove or Leave. */
function MemberTable({ workspaceName, members, me, isAdmin }: { workspaceName: string; members: { userName: string; role: WorkspaceRole; joinedAt: number }[]; me: string | undefined; isAdmin: boolean }) {
  const notify = useNotify();
  const confirm = useConfirm();
  const setRole = useApiMutation('setWorkspaceMemberRole', { invalidate: MEMBER_READS });
  const remove = useApiMutation('removeWorkspaceMember', { invalidate: MEMBER_READS });
  const leave = useApiMutation('leaveWorkspace', { invalidate: MEMBER_READS });
  const changeRole = (userName: string, role: WorkspaceRole) =>
    runMutation(
      setRole,
      { body: { workspaceName, userName, role } },
      { onSuccess: () => notify.success(`${userName} is now ${withArticle(role)}.`), onError: (error) => notify.error(error, `Could not change the role of ${userName}`) },
    );
  const askRemove = async (userName: string) => {
    const confirmed = await confirm({
      title: `Remove ${userName} from “${workspaceName}”?`,
      message: `${userName} loses access to its projects, experiments and models at their next request. Nothing they logged is deleted.`,
      confirmLabel: 'Remove member',
      destructive: true,
    });
    if (!confirmed) return;
    runMutation(remove, { body: { workspaceName, userName } }, { onSuccess: () => notify.success(`${userName} was removed from “${workspaceName}”.`), onError: (error) => notify.error(error, `Could not remove ${userName}`) });
  };
  const askLeave = async () => {
    const confirmed = await confirm({
      title: `Leave “${workspaceName}”?`,
      message: 'You lose access to its projects, experiments and models until an admin adds you again.',
      confirmLabel: 'Leave workspace',
      destructive: true,
    });
    if (!confirmed) return;
    runMutation(leave, { body: { workspaceName } }, { onSuccess: () => notify.success(`You left “${workspaceName}”.`), onError: (error) => notify.error(error, `Could not leave “${workspaceName}”`) });
  };
  return (
    <TableContainer>
      <Table size="small" aria-label="Members">
        <TableHead>
          <TableRow>
            <TableCell>User</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Member since</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.userName}>
              <TableCell>{member.userName === me ? `${member.userName} (you)` : member.userName}</TableCell>
              <TableCell>
                {isAdmin ? (
                  <TextField
                    select
                    size="small"
                    value={member.role}
                    onChange={(event) => changeRole(member.userName, event.target.value as WorkspaceRole)}
                    slotProps={{ htmlInput: { 'aria-label': `Role of ${member.userName}` } }}
                  >
                    {ROLES.map((each) => (
                      <MenuItem key={each.role} value={each.role}>
                        {each.label}: {each.may}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  ROLES.find((each) => each.role === member.role)?.label
                )}
              </TableCell>
              <TableCell>{member.joinedAt > 0 ? formatDateTime(member.joinedAt) : '—'}</TableCell>
              <TableCell align="right">
                {member.userName === me ? (
                  <Button size="small" color="error" onClick={() => void askLeave()}>
                    Leave workspace
                  </Button>
                ) : (
                  isAdmin && (
                    <Button size="small" color="error" aria-label={`Remove ${member.userName}`} onClick={() => void askRemove(member.userName)}>
                      Remove
                    </Button>
                  )
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
