import { Alert, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormControlLabel, Stack, TextField, Button } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ProfileView } from '../../../../shared/ipc/index.ts';
import { invoke, type BridgeError } from '../../bridge.ts';
import { profilesQueryKey } from '../../lib/profiles.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useGuardedClose } from '../../shell/guarded-close.ts';
import { useNotify } from '../../shell/notify.tsx';
import { ProviderSignIn } from './provider-sign-in.tsx';

/** What the sign-in form holds while it is open (the password only until it is sent). */
interface SignInForm {
  name: string;
  baseUrl: string;
  userName: string;
  password: string;
  sessionOnly: boolean;
}

const isAddress = (text: string) => /^https?:\/\/[^/\s]+/i.test(text.trim());

/** The form's problems by field (the connection's only, for a sign-in with the provider); empty when it may be sent. */
function validate(form: SignInForm, withPassword = true): Partial<Record<keyof SignInForm, string>> {
  const errors: Partial<Record<keyof SignInForm, string>> = {};
  if (!form.name.trim()) errors.name = 'Give the connection a name.';
  if (!isAddress(form.baseUrl)) errors.baseUrl = 'An http:// or https:// address, e.g. https://tracking.example.com.';
  if (withPassword && !form.userName.trim()) errors.userName = 'Your user name on that service.';
  if (withPassword && !form.password) errors.password = 'Your password on that service.';
  return errors;
}

/**
 * Adds a connection by signing in with a user name and password: the backend exchanges them for a key for this
 * device, kept in the OS keychain; the window never sees the key, and the password is dropped once sent. With `again`,
 * signs in again to that connection (its name and address filled in; the backend keeps its row).
 */
export function SignInDialog({ again, keychainAvailable, onClose }: { again?: ProfileView | undefined; keychainAvailable: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [form, setForm] = useState<SignInForm>({ name: again?.name ?? '', baseUrl: again?.baseUrl ?? '', userName: '', password: '', sessionOnly: !keychainAvailable });
  const [submitted, setSubmitted] = useState<'password' | 'provider' | null>(null);
  const errors = submitted ? validate(form, submitted === 'password') : {};
  // What the service offers (its unauthenticated discovery read), asked once the address is typed and left.
  const [checkedAddress, setCheckedAddress] = useState(again?.baseUrl ?? '');
  const options = useQuery({
    queryKey: ['signIn.options', checkedAddress],
    queryFn: () => invoke('signIn.options', { baseUrl: checkedAddress }),
    enabled: isAddress(checkedAddress),
    retry: false,
    staleTime: 60_000,
  });
  const provider = isAddress(checkedAddress) && checkedAddress === form.baseUrl.trim() ? options.data?.provider : undefined;
  const passwordOff = options.data?.password === false && provider !== undefined;
  const signIn = useMutation<{ userName: string }, BridgeError, SignInForm>({
    gcTime: 0,
    mutationFn: (value) =>
      invoke('profiles.signIn', {
        name: value.name,
        baseUrl: value.baseUrl,
        userName: value.userName,
        password: value.password,
        keyStorage: value.sessionOnly ? 'session' : 'keychain',
      }),
    onSuccess: async ({ userName }, value) => {
      await client.invalidateQueries({ queryKey: profilesQueryKey });
      notify.success(`Signed in to “${value.name.trim()}” as ${userName}.`);
      onClose();
    },
    onError: () => setForm((current) => ({ ...current, password: '' })),
  });
  const set = (change: Partial<SignInForm>) => setForm((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted('password');
    if (Object.keys(validate(form)).length === 0) signIn.mutate(form);
  };
  const closeOutside = useGuardedClose(form.name !== (again?.name ?? '') || form.baseUrl !== (again?.baseUrl ?? '') || form.userName !== '' || form.password !== '', onClose);
  return (
    <Dialog open onClose={closeOutside} aria-labelledby="sign-in-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="sign-in-title">{again ? `Sign in again to “${again.name}”` : 'Sign in to a service'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Connection name" value={form.name} onChange={(event) => set({ name: event.target.value })} error={!!errors.name} helperText={errors.name} required fullWidth autoFocus={!again} />
            <TextField
              label="Service address"
              placeholder="https://tracking.example.com"
              value={form.baseUrl}
              onChange={(event) => set({ baseUrl: event.target.value })}
              onBlur={() => setCheckedAddress(form.baseUrl.trim())}
              error={!!errors.baseUrl}
              helperText={errors.baseUrl ?? 'The base address of the service, without /api/rest/v2.'}
              required
              fullWidth
            />
            {provider && (
              <ProviderSignIn
                provider={provider}
                connection={{ name: form.name, baseUrl: form.baseUrl, keyStorage: form.sessionOnly ? 'session' : 'keychain' }}
                ready={() => {
                  setSubmitted('provider');
                  return Object.keys(validate(form, false)).length === 0;
                }}
                onSignedIn={onClose}
              />
            )}
            {provider && <Divider>{passwordOff ? 'passwords are for the service’s admins only' : 'or with a password'}</Divider>}
            <TextField
              label="User name"
              autoComplete="username"
              value={form.userName}
              onChange={(event) => set({ userName: event.target.value })}
              error={!!errors.userName}
              helperText={errors.userName}
              required
              fullWidth
              autoFocus={!!again}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={form.password}
              onChange={(event) => set({ password: event.target.value })}
              error={!!errors.password}
              helperText={errors.password ?? 'Sent once to the service, which answers with a key for this computer; Trackdesk keeps neither the password nor shows the key.'}
              required
              fullWidth
            />
            <FormControlLabel
              control={<Checkbox checked={form.sessionOnly} disabled={!keychainAvailable} onChange={(event) => set({ sessionOnly: event.target.checked })} />}
              label={keychainAvailable ? 'Keep the key for this session only (not in the keychain)' : 'Keep the key for this session only (the OS keychain is not available)'}
            />
            {signIn.error && <Alert severity="error">Could not sign in to {form.baseUrl.trim() || 'the service'}: {signIn.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <BusyButton type="submit" variant="contained" busy={signIn.isPending}>
            Sign in
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
