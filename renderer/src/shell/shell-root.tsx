import { Alert, AlertTitle, Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invoke } from '../bridge.ts';
import { ActiveProfileProvider, useProfiles } from '../lib/profiles.tsx';
import { Layout } from './layout.tsx';

/** Loads what every screen needs (app info, the profiles) and shows the frame for the active profile. */
export function ShellRoot() {
  const info = useQuery({ queryKey: ['app.info'], queryFn: () => invoke('app.info', {}), staleTime: Infinity });
  const profiles = useProfiles();
  useEffect(() => {
    if (info.data) document.title = `${info.data.name} ${info.data.version}`;
  }, [info.data]);
  const failure = info.error ?? profiles.error;
  if (failure) {
    return (
      <Box sx={{ p: 3 }} data-app-state="failed">
        <Alert severity="error">
          <AlertTitle>Trackdesk could not start</AlertTitle>
          {failure.message}
        </Alert>
      </Box>
    );
  }
  const active = profiles.data?.profiles.find((profile) => profile.id === profiles.data?.activeProfileId) ?? profiles.data?.profiles[0];
  if (!info.data || !active) {
    return (
      <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }} data-app-state="loading">
        <CircularProgress aria-label="Starting Trackdesk" />
      </Box>
    );
  }
  return (
    <ActiveProfileProvider key={active.id} profile={active}>
      <Layout appName={info.data.name} version={info.data.version} />
    </ActiveProfileProvider>
  );
}
