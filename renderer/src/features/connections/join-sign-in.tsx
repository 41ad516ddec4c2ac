import { Alert, Divider, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invoke, type BridgeError } from '../../bridge.ts';
import { profilesQueryKey } from '../../lib/profiles.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { ProviderSignIn } from './provider-sign-in.tsx';

/** Props of JoinSignIn: the invitation's service, the connection name to suggest, where to keep the key, and what to do once signed in. */
interface JoinSignInProps {
  baseUrl: string;
  suggestedName: string;
  keyStorage: 'keychain' | 'session';
  /** Called with the new connection once signed in (the dialog then accepts the invitation with it). */
  onSignedIn: (profileId: string) => void;
}

/**
 * Signing in from an invitation link when no connection goes to its service: with a user name and password, or with
 * the service's identity provider where it offers one; either adds a connection holding a key for this device.
 */
export function JoinSignIn({ baseUrl, suggestedName, keyStorage, onSignedIn }: JoinSignInProps) {
  const client = useQueryClient();
  const [name, setName] = useState(suggestedName);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const options = useQuery({ queryKey: ['signIn.options', baseUrl], queryFn: () => invoke('signIn.options', { baseUrl }), retry: false, staleTime: 60_000 });
  const provider = options.data?.provider ?? undefined;
  const signIn = useMutation<{ profile: { id: string } }, BridgeError>({
    gcTime: 0,
    mutationFn: () => invoke('profiles.signIn', { name, baseUrl, userName, password, keyStorage }),
    onSuccess: async ({ profile }) => {
      await client.invalidateQueries({ queryKey: profilesQueryKey });
      onSignedIn(profile.id);
    },
    onError: () => setPassword(''),
  });
  return (
    <Stack spacing={2} component="section" aria-label="Sign in">
      <Typography variant="subtitle2">Sign in to {baseUrl} to join</Typography>
      <TextField label="Connection name" value={name} onChange={(event) => setName(event.target.value)} fullWidth />
      {provider && <ProviderSignIn provider={provider} connection={{ name, baseUrl, keyStorage }} ready={() => name.trim() !== ''} onSignedIn={onSignedIn} />}
      {provider && options.data?.password && <Divider>or with a password</Divider>}
      {options.data?.password !== false && (
        <>
          <TextField label="User name" autoComplete="username" value={userName} onChange={(event) => setUserName(event.target.value)} fullWidth />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            helperText="Sent once to the service, which answers with a key for this computer; Trackdesk keeps neither the password nor shows the key."
            fullWidth
          />
          {signIn.error && <Alert severity="error">Could not sign in: {signIn.error.message}</Alert>}
          <BusyButton busy={signIn.isPending} disabled={!name.trim() || !userName.trim() || !password} onClick={() => signIn.mutate()}>
            Sign in and join
          </BusyButton>
        </>
      )}
    </Stack>
  );
}
