import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ConnectionTestResult as TestResult, ProfileView } from '../../../../shared/ipc/index.ts';
import { invoke, type BridgeError } from '../../bridge.ts';
import { isKeychainUnavailable } from '../../lib/errors.ts';
import { profilesQueryKey } from '../../lib/profiles.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useGuardedClose } from '../../shell/guarded-close.ts';
import { useNotify } from '../../shell/notify.tsx';
import { ConnectionTestResult } from './connection-test-result.tsx';
import { initialProfileForm, movesOrigin, NEW_ORIGIN_NEEDS_KEY, profileChanges, validateProfileForm, type ProfileFormValue } from './profile-form-model.ts';

/** Adds a connection, or edits one (`profile`); the API key field is masked, sent to the backend and never read back. */
export function ProfileFormDialog({ profile, keychainAvailable, onClose }: { profile?: ProfileView; keychainAvailable: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [value, setValue] = useState<ProfileFormValue>(() => initialProfileForm(profile, keychainAvailable));
  const [submitted, setSubmitted] = useState(false);
  const embedded = profile?.kind === 'embedded';
  const errors = submitted ? validateProfileForm(value, profile) : {};
  const keyStorage = value.sessionOnly ? ('session' as const) : ('keychain' as const);
  const save = useMutation<unknown, BridgeError, ProfileFormValue>({
    // The form (API key included) is this mutation's variables: drop them as soon as the dialog is gone.
    gcTime: 0,
    mutationFn: (form) => {
      const storage = form.sessionOnly ? ('session' as const) : ('keychain' as const);
      if (!profile) return invoke('profiles.create', { name: form.name, baseUrl: form.baseUrl, apiKey: form.apiKey, keyStorage: storage });
      if (embedded) return invoke('profiles.update', { id: profile.id, name: form.name });
      return invoke('profiles.update', { id: profile.id, ...profileChanges(form), keyStorage: storage });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: profilesQueryKey });
      if (profile) await client.invalidateQueries({ queryKey: [profile.id] });
      notify.success(profile ? `Connection "${value.name.trim()}" saved.` : `Connection "${value.name.trim()}" added.`);
      onClose();
    },
  });
  const test = useMutation<TestResult, BridgeError>({
    mutationFn: () =>
      value.apiKey.trim() || !profile ? invoke('profiles.test', { baseUrl: value.baseUrl, apiKey: value.apiKey }) : invoke('profiles.test', { id: profile.id }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateProfileForm(value, profile)).length === 0) save.mutate(value);
  };
  const runTest = () => {
    setSubmitted(true);
    if (Object.keys(validateProfileForm(value, profile)).length === 0) test.mutate();
  };
  const keepForSession = () => {
    const next = { ...value, sessionOnly: true };
    setValue(next);
    save.mutate(next);
  };
  const set = (change: Partial<ProfileFormValue>) => {
    test.reset();
    setValue((current) => ({ ...current, ...change }));
  };
  const newOrigin = movesOrigin(value, profile);
  const keyHelp = newOrigin ? NEW_ORIGIN_NEEDS_KEY : profile ? 'Leave empty to keep the stored key.' : 'Stored in the OS keychain; Trackdesk never shows it again.';
  const title = profile ? `Edit connection “${profile.name}”` : 'Add a connection';
  const initial = initialProfileForm(profile, keychainAvailable);
  const closeOutside = useGuardedClose(value.name !== initial.name || value.baseUrl !== initial.baseUrl || value.apiKey !== '', onClose);
  return (
    <Dialog open onClose={closeOutside} aria-labelledby="profile-form-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="profile-form-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Connection name"
              value={value.name}
              onChange={(event) => set({ name: event.target.value })}
              error={!!errors.name}
              helperText={errors.name}
              required
              fullWidth
              autoFocus
            />
            {!embedded && (
              <>
                <TextField
                  label="Service address"
                  placeholder="https://tracking.example.com"
                  value={value.baseUrl}
                  onChange={(event) => set({ baseUrl: event.target.value })}
                  error={!!errors.baseUrl}
                  helperText={errors.baseUrl ?? 'The base address of the service, without /api/rest/v2.'}
                  required
                  fullWidth
                />
                <TextField
                  label="API key"
                  type="password"
                  autoComplete="off"
                  value={value.apiKey}
                  onChange={(event) => set({ apiKey: event.target.value })}
                  error={!!errors.apiKey}
                  helperText={errors.apiKey ?? keyHelp}
                  required={!profile || newOrigin}
                  fullWidth
                />
                <FormControlLabel
                  control={<Checkbox checked={value.sessionOnly} disabled={!keychainAvailable} onChange={(event) => set({ sessionOnly: event.target.checked })} />}
                  label={keychainAvailable ? 'Keep the key for this session only (not in the keychain)' : 'Keep the key for this session only (the OS keychain is not available)'}
                />
              </>
            )}
            {test.data && <ConnectionTestResult result={test.data} subject={value.name || value.baseUrl} />}
            {test.error && <Alert severity="error">Could not test the connection: {test.error.message}</Alert>}
            {save.error && (
              <Alert
                severity="error"
                action={
                  isKeychainUnavailable(save.error) && keyStorage === 'keychain' ? (
                    <Button color="inherit" size="small" onClick={() => keepForSession()}>
                      Keep for this session only
                    </Button>
                  ) : undefined
                }
              >
                Could not save the connection: {save.error.message}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {!embedded && (
            <BusyButton busy={test.isPending} onClick={runTest} sx={{ mr: 'auto' }}>
              Test connection
            </BusyButton>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <BusyButton type="submit" variant="contained" busy={save.isPending}>
            {profile ? 'Save connection' : 'Add connection'}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
