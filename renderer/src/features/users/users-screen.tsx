import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Alert, Box, Checkbox, FormControlLabel, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useAccess } from '../../lib/access.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { SsoRecheck } from './sso-recheck.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** The users of the service, for its service admins: create, disable or enable, make or unmake a service admin. */
export function UsersScreen() {
  const users = useApiQuery('listUsers', {}, { retry: false });
  const confirm = useConfirm();
  const notify = useNotify();
  const update = useApiMutation('updateUser', { invalidate: ['listUsers'] });
  const updateRefusal = useAccess('updateUser', null).reason;
  const change = async (userName: string, body: { disabled?: boolean; isServiceAdmin?: boolean }, question: { title: string; message: string; label: string }) => {
    if (!(await confirm({ title: question.title, message: question.message, confirmLabel: question.label, destructive: body.disabled === true || body.isServiceAdmin === false }))) return;
    runMutation(update, { body: { userName, ...body } }, { onSuccess: () => notify.success(`${userName}: ${question.label.toLowerCase()} done.`), onError: (error) => notify.error(error, `Could not change ${userName}`) });
  };
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Users
      </Typography>
      {users.error && <Alert severity="error">Could not list the users: {users.error.message}</Alert>}
      {users.data && <SsoRecheck />}
      {users.data && <CreateUserForm />}
      {users.data && (
        <Table size="small" aria-label="Users">
          <TableHead>
            <TableRow>
              <TableCell>User</TableCell>
              <TableCell>Service admin</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Password</TableCell>
              <TableCell>Since</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.data.users.map((user) => (
              <TableRow key={user.userName}>
                <TableCell>{user.userName}</TableCell>
                <TableCell>{user.isServiceAdmin ? 'yes' : 'no'}</TableCell>
                <TableCell>{user.disabled ? 'disabled' : 'active'}</TableCell>
                <TableCell>{user.hasPassword ? 'set' : 'none'}</TableCell>
                <TableCell>{formatDateTime(user.createdAt)}</TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <BusyButton
                      size="small"
                      disabledReason={updateRefusal}
                      color={user.disabled ? 'primary' : 'error'}
                      aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.userName}`}
                      onClick={() =>
                        void change(user.userName, { disabled: !user.disabled }, user.disabled
                          ? { title: `Enable ${user.userName}?`, message: 'Their keys work again.', label: 'Enable user' }
                          : { title: `Disable ${user.userName}?`, message: 'Every key of theirs stops working at once, on every instance; nothing they logged is deleted.', label: 'Disable user' })
                      }
                    >
                      {user.disabled ? 'Enable' : 'Disable'}
                    </BusyButton>
                    <BusyButton
                      size="small"
                      disabledReason={updateRefusal}
                      aria-label={`${user.isServiceAdmin ? 'Unmake' : 'Make'} ${user.userName} a service admin`}
                      onClick={() =>
                        void change(user.userName, { isServiceAdmin: !user.isServiceAdmin }, user.isServiceAdmin
                          ? { title: `Unmake ${user.userName} a service admin?`, message: 'They keep their workspace roles.', label: 'Unmake service admin' }
                          : { title: `Make ${user.userName} a service admin?`, message: 'They will manage users and act as an admin of every workspace they belong to.', label: 'Make service admin' })
                      }
                    >
                      {user.isServiceAdmin ? 'Unmake admin' : 'Make admin'}
                    </BusyButton>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** Creates a user (with a default workspace of their own), optionally with a password; keeps what was typed on a refusal. */
function CreateUserForm() {
  const notify = useNotify();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [isServiceAdmin, setServiceAdmin] = useState(false);
  const [defaultWorkspaceName, setDefaultWorkspaceName] = useState('');
  const create = useApiMutation('createUser', { invalidate: ['listUsers'] });
  const createRefusal = useAccess('createUser', null).reason;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    runMutation(
      create,
      { body: { userName: userName.trim(), ...(password ? { password } : {}), isServiceAdmin, ...(defaultWorkspaceName.trim() ? { defaultWorkspaceName: defaultWorkspaceName.trim() } : {}) } },
      {
        onSuccess: (created) => {
          notify.success(`User ${created.userName} created; their default workspace is “${created.defaultWorkspaceName}”.`);
          setUserName('');
          setPassword('');
          setDefaultWorkspaceName('');
        },
      },
    );
  };
  return (
    <Box component="form" aria-label="Create a user" onSubmit={submit} sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField size="small" label="User name" value={userName} onChange={(event) => setUserName(event.target.value)} required />
        <TextField size="small" label="Password (optional)" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        <TextField
          size="small"
          label="Default workspace (optional)"
          placeholder={userName.trim() || 'the user name'}
          value={defaultWorkspaceName}
          onChange={(event) => setDefaultWorkspaceName(event.target.value)}
        />
        <FormControlLabel control={<Checkbox checked={isServiceAdmin} onChange={(event) => setServiceAdmin(event.target.checked)} />} label="Service admin" />
        <BusyButton type="submit" variant="contained" startIcon={<PersonAddIcon />} busy={create.isPending} disabled={!userName.trim()} disabledReason={createRefusal}>
          Create user
        </BusyButton>
      </Stack>
      {create.error && <Alert severity="error" sx={{ mt: 1 }}>Could not create “{userName.trim()}”: {create.error.message}</Alert>}
    </Box>
  );
}
