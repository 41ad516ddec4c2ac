import { FormControl, InputLabel, ListItemText, MenuItem, Select } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useActiveProfile, useProfiles, useSwitchProfile } from '../lib/profiles.tsx';
import { useNotify } from './notify.tsx';

const MANAGE = '__manage__';

/** Chooses the connection profile the app acts on (the embedded "Local" one first). */
export function ProfileSwitcher() {
  const active = useActiveProfile();
  const profiles = useProfiles().data?.profiles ?? [active];
  const navigate = useNavigate();
  const notify = useNotify();
  const switchProfile = useSwitchProfile();
  const switchTo = useMutation({
    mutationFn: (id: string) => switchProfile(id, '/projects'),
    onError: (error) => notify.error(error, 'Could not switch the connection'),
  });
  return (
    <FormControl size="small" sx={{ minWidth: 180 }} disabled={switchTo.isPending}>
      <InputLabel id="profile-switcher-label">Connection</InputLabel>
      <Select
        labelId="profile-switcher-label"
        label="Connection"
        value={active.id}
        onChange={(event) => {
          if (event.target.value === MANAGE) void navigate('/connections');
          else if (event.target.value !== active.id) switchTo.mutate(event.target.value);
        }}
        renderValue={(id) => profiles.find((profile) => profile.id === id)?.name ?? id}
      >
        {profiles.map((profile) => (
          <MenuItem key={profile.id} value={profile.id}>
            <ListItemText primary={profile.name} secondary={profile.kind === 'embedded' ? 'Built-in local service' : profile.baseUrl} />
          </MenuItem>
        ))}
        <MenuItem value={MANAGE} divider={false}>
          <ListItemText primary="Manage connections…" />
        </MenuItem>
      </Select>
    </FormControl>
  );
}
