import AddIcon from '@mui/icons-material/Add';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LoginIcon from '@mui/icons-material/Login';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConnectionTestResult as TestResult, ProfileView } from '../../../../shared/ipc/index.ts';
import { invoke, type BridgeError } from '../../bridge.ts';
import { KeychainNotice } from '../../lib/key-storage.tsx';
import { profilesQueryKey, useActiveProfile, useProfiles, useSwitchProfile } from '../../lib/profiles.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { useShortcut } from '../../shell/shortcuts.tsx';
import { LogFromCodeDialog } from '../scripts/log-from-code-dialog.tsx';
import { WorkspaceList } from '../workspaces/workspace-list.tsx';
import { ConnectionTestResult } from './connection-test-result.tsx';
import { ProfileFormDialog } from './profile-form-dialog.tsx';
import { JoinDialog } from './join-dialog.tsx';
import { ProfileTable } from './profile-table.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';
import { JOIN_PARAMETER } from './use-opened-invitation.ts';

/** Connection profiles (list, add by key or by signing in, edit, sign out, remove, test, use) and the workspaces of the one in use. */
export function ConnectionsScreen() {
  const list = useProfiles().data;
  const active = useActiveProfile();
  const client = useQueryClient();
  const notify = useNotify();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<{ profile?: ProfileView } | undefined>(undefined);
  const [tested, setTested] = useState<{ profile: ProfileView; result: TestResult } | undefined>(undefined);
  const [scripting, setScripting] = useState<ProfileView | undefined>(undefined);
  // Open with `again` when signing in again to a connection whose key is gone.
  const [signingIn, setSigningIn] = useState<{ again?: ProfileView } | undefined>(undefined);
  const [joining, setJoining] = useState(false);
  // An invitation link the app was opened with (use-opened-invitation.ts) opens the Join dialog filled in.
  const [searchParams, setSearchParams] = useSearchParams();
  const openedLink = searchParams.get(JOIN_PARAMETER) ?? undefined;
  const closeJoin = () => {
    setJoining(false);
    if (openedLink !== undefined) setSearchParams({}, { replace: true });
  };
  useShortcut('n', 'Add a connection', () => setEditing({}), { group: 'Connections' });
  const test = useMutation<TestResult, BridgeError, ProfileView>({
    mutationFn: (profile) => invoke('profiles.test', { id: profile.id }),
    onSuccess: (result, profile) => setTested({ profile, result }),
    onError: (error, profile) => notify.error(error, `Could not test “${profile.name}”`),
  });
  const switchProfile = useSwitchProfile();
  const use = useMutation<boolean, BridgeError, ProfileView>({
    mutationFn: (profile) => switchProfile(profile.id),
    onSuccess: (inEffect, profile) => {
      if (inEffect) notify.success(`Now using “${profile.name}”.`);
    },
    onError: (error, profile) => notify.error(error, `Could not switch to “${profile.name}”`),
  });
  const remove = useMutation<{ activeProfileId: string }, BridgeError, ProfileView>({
    mutationFn: (profile) => invoke('profiles.remove', { id: profile.id }),
    onSuccess: async (_reply, profile) => {
      client.removeQueries({ queryKey: [profile.id] });
      await client.invalidateQueries({ queryKey: profilesQueryKey });
      if (tested?.profile.id === profile.id) setTested(undefined);
      notify.success(`Connection “${profile.name}” removed.`);
    },
    onError: (error, profile) => notify.error(error, `Could not remove “${profile.name}”`),
  });
  const signOut = useMutation<{ message: string }, BridgeError, ProfileView>({
    mutationFn: (profile) => invoke('profiles.signOut', { id: profile.id }),
    onSuccess: async ({ message }, profile) => {
      client.removeQueries({ queryKey: [profile.id] });
      await client.invalidateQueries({ queryKey: profilesQueryKey });
      notify.success(message);
    },
    onError: (error, profile) => notify.error(error, `Could not sign out of “${profile.name}”`),
  });
  const askSignOut = async (profile: ProfileView) => {
    const confirmed = await confirm({
      title: `Sign out of “${profile.name}”?`,
      message: `Trackdesk revokes this computer's key on ${profile.baseUrl} and forgets it. The connection stays: sign in again, or enter a key, to use it.`,
      confirmLabel: 'Sign out',
      destructive: true,
    });
    if (confirmed) signOut.mutate(profile);
  };
  const askRemove = async (profile: ProfileView) => {
    const confirmed = await confirm({
      title: `Remove the connection “${profile.name}”?`,
      message: `Trackdesk forgets ${profile.baseUrl} and deletes its stored API key. Nothing on the service itself is deleted.${
        profile.id === active.id ? ' The built-in local service will be used instead.' : ''
      }`,
      confirmLabel: 'Remove connection',
      destructive: true,
    });
    if (confirmed) remove.mutate(profile);
  };
  if (!list) return null;
  return (
    <Box sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Connections
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button startIcon={<GroupAddIcon />} onClick={() => setJoining(true)}>
            Join with an invitation
          </Button>
          <Button startIcon={<LoginIcon />} onClick={() => setSigningIn({})}>
            Sign in to a service
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>
            Add connection
          </Button>
        </Stack>
      </Stack>
      <KeychainNotice keychain={list.keychain} />
      {tested && (
        <Box sx={{ mb: 2 }}>
          <ConnectionTestResult result={tested.result} subject={tested.profile.name} />
        </Box>
      )}
      <ProfileTable
        profiles={list.profiles}
        activeProfileId={list.activeProfileId}
        actions={{
          use: (profile) => use.mutate(profile),
          test: (profile) => test.mutate(profile),
          edit: (profile) => setEditing({ profile }),
          scripts: (profile) => setScripting(profile),
          remove: (profile) => void askRemove(profile),
          signOut: (profile) => void askSignOut(profile),
          signInAgain: (profile) => setSigningIn({ again: profile }),
          busy: {
            signingOut: signOut.isPending ? signOut.variables?.id : undefined,
            testing: test.isPending ? test.variables?.id : undefined,
            switching: use.isPending ? use.variables?.id : undefined,
            removing: remove.isPending ? remove.variables?.id : undefined,
          },
        }}
      />
      <WorkspaceList />
      {scripting && <LogFromCodeDialog profile={scripting} onClose={() => setScripting(undefined)} />}
      {(joining || openedLink !== undefined) && <JoinDialog key={openedLink} initialLink={openedLink} onClose={closeJoin} />}
      {signingIn && <SignInDialog again={signingIn.again} keychainAvailable={list.keychain.available} onClose={() => setSigningIn(undefined)} />}
      {editing && (
        <ProfileFormDialog profile={editing.profile} keychainAvailable={list.keychain.available} onClose={() => setEditing(undefined)} />
      )}
    </Box>
  );
}
