import { Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ProfileView } from '../../../../shared/ipc/index.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { givesWayWhenNarrow, stickyActionsCell } from '../../shell/table-layout.ts';
import { describeKeyStorage } from '../../lib/key-storage.tsx';

/** What a row of the connection table can ask for. */
interface ProfileRowActions {
  use(profile: ProfileView): void;
  test(profile: ProfileView): void;
  edit(profile: ProfileView): void;
  /** Shows how training scripts log to this connection. */
  scripts(profile: ProfileView): void;
  remove(profile: ProfileView): void;
  /** Revokes the profile's key on its service and forgets it. */
  signOut(profile: ProfileView): void;
  /** Signs in to the profile's service again, for a connection whose key is gone (e.g. a session-only key after a restart). */
  signInAgain(profile: ProfileView): void;
  /** The profile whose test, switch, removal or sign-out is running, for its busy state. */
  busy: { testing?: string; switching?: string; removing?: string; signingOut?: string };
}

/** The connection profiles with their address, key storage and actions (the embedded one cannot be removed). */
export function ProfileTable({ profiles, activeProfileId, actions }: { profiles: ProfileView[]; activeProfileId: string; actions: ProfileRowActions }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Connections">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Address</TableCell>
            <TableCell sx={givesWayWhenNarrow}>API key</TableCell>
            <TableCell align="right" sx={stickyActionsCell}>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {profiles.map((profile) => {
            const active = profile.id === activeProfileId;
            return (
              <TableRow key={profile.id}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{profile.name}</span>
                    {active && <Chip size="small" color="primary" label="In use" />}
                    {profile.kind === 'embedded' && <Chip size="small" variant="outlined" label="Built-in" />}
                  </Stack>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{profile.baseUrl || '(starting)'}</TableCell>
                <TableCell sx={givesWayWhenNarrow}>{profile.kind === 'embedded' ? 'Managed by Trackdesk' : describeKeyStorage(profile.keyStorage)}</TableCell>
                <TableCell align="right" sx={stickyActionsCell}>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    {!active && (
                      <BusyButton size="small" aria-label={`Use ${profile.name}`} busy={actions.busy.switching === profile.id} onClick={() => actions.use(profile)}>
                        Use
                      </BusyButton>
                    )}
                    <BusyButton
                      size="small"
                      aria-label={`Test connection ${profile.name}`}
                      busy={actions.busy.testing === profile.id}
                      onClick={() => actions.test(profile)}
                    >
                      Test
                    </BusyButton>
                    <Button size="small" aria-label={`Log from code to ${profile.name}`} onClick={() => actions.scripts(profile)}>
                      From code
                    </Button>
                    <Button size="small" aria-label={`Edit ${profile.name}`} onClick={() => actions.edit(profile)}>
                      Edit
                    </Button>
                    {profile.kind === 'remote' && profile.keyStorage === 'missing' && (
                      <Button size="small" aria-label={`Sign in again to ${profile.name}`} onClick={() => actions.signInAgain(profile)}>
                        Sign in again
                      </Button>
                    )}
                    {profile.kind === 'remote' && profile.keyStorage !== 'missing' && (
                      <BusyButton size="small" aria-label={`Sign out of ${profile.name}`} busy={actions.busy.signingOut === profile.id} onClick={() => actions.signOut(profile)}>
                        Sign out
                      </BusyButton>
                    )}
                    {profile.kind === 'remote' && (
                      <BusyButton
                        size="small"
                        color="error"
                        aria-label={`Remove ${profile.name}`}
                        busy={actions.busy.removing === profile.id}
                        onClick={() => actions.remove(profile)}
                      >
                        Remove
                      </BusyButton>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
