import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { InvitationPreview } from '../../../../shared/ipc/index.ts';
import { invoke, type BridgeError } from '../../bridge.ts';
import { formatDateTime } from '../../lib/format.ts';
import { profilesQueryKey, useProfiles } from '../../lib/profiles.tsx';
import { runMutation } from '../../lib/run-mutation.ts';
import { useUiStore } from '../../lib/ui-store.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useGuardedClose } from '../../shell/guarded-close.ts';
import { useNotify } from '../../shell/notify.tsx';
import { JoinSignIn } from './join-sign-in.tsx';

/** The fields of an account made with an invitation. */
interface SignUpForm {
  name: string;
  userName: string;
  password: string;
}

/**
 * Joins a workspace by a pasted invitation link (or one the app was opened with, filled in: the user still presses Open,
 * so no link asks a service anything on its own): shows what it opens (asked of its service), then joins as the user
 * of a connection to that service (the one in use when it goes there), or, with none, after signing in to it (password
 * or single sign-on); or creates an account with it where the service allows (its key stays in the backend).
 */
export function JoinDialog({ initialLink = '', onClose }: { initialLink?: string; onClose: () => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [link, setLink] = useState(initialLink);
  const [profileId, setProfileId] = useState('');
  const [form, setForm] = useState<SignUpForm>({ name: '', userName: '', password: '' });
  const chooseWorkspace = useUiStore((state) => state.chooseWorkspace);
  const profiles = useProfiles().data;
  const keyStorage = profiles?.keychain.available === false ? 'session' : 'keychain';
  const open = useMutation<InvitationPreview, BridgeError, string>({
    mutationFn: (pasted) => invoke('invitations.open', { link: pasted }),
    onSuccess: (preview) => {
      const inUse = preview.profiles.find((profile) => profile.id === profiles?.activeProfileId);
      setProfileId((inUse ?? preview.profiles[0])?.id ?? '');
      setForm((current) => ({ ...current, name: current.name || `${preview.workspaceName} team` }));
    },
  });
  /** The joined workspace becomes the one the connection shows, rather than the user's own default one. */
  const joined = async (joinedProfileId: string, workspaceName: string, role: string) => {
    chooseWorkspace(joinedProfileId, workspaceName);
    await client.invalidateQueries();
    notify.success(`You joined “${workspaceName}” as ${role}.`);
    onClose();
  };
  const accept = useMutation<{ workspaceName: string; role: string }, BridgeError, string>({
    mutationFn: (joiningProfileId) => invoke('invitations.accept', { link, profileId: joiningProfileId }),
    onSuccess: ({ workspaceName, role }, joiningProfileId) => joined(joiningProfileId, workspaceName, role),
  });
  const signUp = useMutation<{ profile: { id: string }; workspaceName: string; role: string }, BridgeError, SignUpForm>({
    gcTime: 0,
    mutationFn: (value) => invoke('invitations.signUp', { link, ...value }),
    onSuccess: async ({ profile, workspaceName, role }) => {
      await client.invalidateQueries({ queryKey: profilesQueryKey });
      await joined(profile.id, workspaceName, role);
    },
    onError: () => setForm((current) => ({ ...current, password: '' })),
  });
  const preview = open.data;
  const closeOutside = useGuardedClose(link !== '' || form.password !== '', onClose);
  return (
    <Dialog open onClose={closeOutside} aria-labelledby="join-title" maxWidth="sm" fullWidth>
      <DialogTitle id="join-title">Join a workspace with an invitation</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField label="Invitation link" value={link} onChange={(event) => { setLink(event.target.value); open.reset(); }} fullWidth autoFocus />
            <BusyButton busy={open.isPending} disabled={!link.trim()} onClick={() => open.mutate(link)}>
              Open
            </BusyButton>
          </Stack>
          {open.error && <Alert severity="error">Could not open the invitation: {open.error.message}</Alert>}
          {preview && (
            <Alert severity="info" aria-label="Invitation">
              Join “{preview.workspaceName}” on {preview.baseUrl} as {preview.role}
              {preview.invitedBy ? `, invited by ${preview.invitedBy}` : ''}; the link works until {formatDateTime(preview.expiresAt)}.
            </Alert>
          )}
          {preview && preview.profiles.length > 0 && (
            <TextField select label="Join as the user of" value={profileId} onChange={(event) => setProfileId(event.target.value)} fullWidth>
              {preview.profiles.map((profile) => (
                <MenuItem key={profile.id} value={profile.id}>
                  {profile.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {preview && preview.profiles.length === 0 && (
            <JoinSignIn baseUrl={preview.baseUrl} suggestedName={`${preview.workspaceName} team`} keyStorage={keyStorage} onSignedIn={(signedIn) => runMutation(accept, signedIn, { onError: () => open.mutate(link) })} />
          )}
          {accept.error && <Alert severity="error">Could not join: {accept.error.message}</Alert>}
          {preview && preview.signUpAllowed && (
            <Stack spacing={2} component="section" aria-label="New account">
              <Typography variant="subtitle2">Or create a new account with it</Typography>
              <TextField label="Connection name" value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} fullWidth />
              <TextField label="User name" autoComplete="username" value={form.userName} onChange={(event) => setForm({ ...form, userName: event.target.value })} fullWidth />
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                value={form.password}
                onChange={(event) => setForm({ ...form, password: event.target.value })}
                helperText="At least 10 characters. Sent once to the service; Trackdesk keeps a key for this computer, never the password."
                fullWidth
              />
              {signUp.error && <Alert severity="error">Could not create the account: {signUp.error.message}</Alert>}
              <BusyButton busy={signUp.isPending} disabled={!form.name.trim() || !form.userName.trim() || form.password.length < 10} onClick={() => signUp.mutate(form)}>
                Create account and join
              </BusyButton>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {preview && preview.profiles.length > 0 && (
          <BusyButton variant="contained" busy={accept.isPending} disabled={!profileId} onClick={() => accept.mutate(profileId)}>
            Join workspace
          </BusyButton>
        )}
      </DialogActions>
    </Dialog>
  );
}
