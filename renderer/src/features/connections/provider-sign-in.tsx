import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invoke, type BridgeError } from '../../bridge.ts';
import { profilesQueryKey } from '../../lib/profiles.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';

/** A sign-in waiting for the provider: its id and the page the browser shows. */
interface Waiting {
  attemptId: string;
  authorizationUrl: string;
}

/** Props of ProviderSignIn: the provider's name, the connection to add, and what to check first. */
interface ProviderSignInProps {
  provider: string;
  connection: { name: string; baseUrl: string; keyStorage: 'keychain' | 'session' };
  /** Checks the connection's fields before starting; false stops (the form shows why). */
  ready: () => boolean;
  /** Called with the connection the sign-in added (or kept). */
  onSignedIn: (profileId: string) => void;
}

/**
 * "Sign in with <provider>": the backend opens the provider's page in the system browser (here, when the backend has
 * none to open it with, a new tab) and waits on its loopback; the window shows that it waits, lets the user open the
 * page again or cancel, and then the outcome. It never sees a code, a token or the key.
 */
export function ProviderSignIn({ provider, connection, ready, onSignedIn }: ProviderSignInProps) {
  const client = useQueryClient();
  const notify = useNotify();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const attemptRef = useRef<string | null>(null);
  const finish = useMutation<{ profile: { id: string }; userName: string }, BridgeError, string>({
    mutationFn: (attemptId) => invoke('signIn.finishWithProvider', { attemptId }),
    onSuccess: async ({ profile, userName }) => {
      await client.invalidateQueries({ queryKey: profilesQueryKey });
      notify.success(`Signed in to “${connection.name.trim()}” with ${provider} as ${userName}.`);
      onSignedIn(profile.id);
    },
    onSettled: () => {
      attemptRef.current = null;
      setWaiting(null);
    },
  });
  const start = useMutation<{ attemptId: string; authorizationUrl: string; openedInBrowser: boolean }, BridgeError>({
    mutationFn: () => invoke('signIn.startWithProvider', connection),
    onSuccess: (started) => {
      attemptRef.current = started.attemptId;
      setWaiting(started);
      if (!started.openedInBrowser) window.open(started.authorizationUrl, '_blank', 'noopener,noreferrer');
      finish.mutate(started.attemptId);
    },
  });
  const cancel = () => {
    if (attemptRef.current) void invoke('signIn.cancelWithProvider', { attemptId: attemptRef.current });
  };
  // Closing the dialog while the provider's page is open gives the sign-in up: a late answer finds the loopback closed.
  useEffect(
    () => () => {
      if (attemptRef.current) void invoke('signIn.cancelWithProvider', { attemptId: attemptRef.current });
    },
    [],
  );
  const error = start.error ?? finish.error;
  return (
    <Stack spacing={1}>
      {waiting ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" onClick={cancel}>
              Cancel
            </Button>
          }
        >
          Waiting for you to sign in with {provider} in your browser…{' '}
          <Link href={waiting.authorizationUrl} target="_blank" rel="noopener noreferrer">
            Open {provider}’s page again
          </Link>
        </Alert>
      ) : (
        <BusyButton variant="contained" busy={start.isPending} onClick={() => ready() && start.mutate()}>
          Sign in with {provider}
        </BusyButton>
      )}
      {error && !waiting && (
        <Alert severity={error.code === 'cancelled' ? 'info' : 'error'}>
          {error.code === 'cancelled' ? 'Sign-in cancelled: nothing was added.' : `Could not sign in with ${provider}: ${error.message}`}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        Your browser opens {provider}’s page; the service gives this computer its own key, kept in the keychain. Trackdesk never sees your password.
      </Typography>
    </Stack>
  );
}
