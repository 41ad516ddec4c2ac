import { Alert, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useAccess } from '../../lib/access.ts';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { BusyButton } from '../../shell/busy-button.tsx';

const OUTCOME_WORDS = { kept: 'still let in', 'shut-out': 'shut out', 'not-rechecked': 'not rechecked' } as const;

/**
 * For service admins of a service with single sign-on: ask the provider about everyone who signed in with it now,
 * instead of waiting for the periodic recheck (roles follow their claims; keys of people it shuts out are revoked).
 */
export function SsoRecheck() {
  const options = useApiQuery('signInOptions', {}, { retry: false });
  const recheck = useApiMutation('recheckSsoUsers', { invalidate: ['listUsers'] });
  const refusal = useAccess('recheckSsoUsers', null).reason;
  const provider = options.data?.sso?.displayName;
  if (!provider) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} aria-label="Single sign-on">
      <Stack spacing={1}>
        <Typography variant="subtitle1">Single sign-on with {provider}</Typography>
        <Typography variant="body2" color="text.secondary">
          People who sign in with {provider} get their memberships from its groups at every sign-in and recheck; the keys of anyone it no longer lets in
          are revoked at the next recheck.
        </Typography>
        <div>
          <BusyButton variant="outlined" busy={recheck.isPending} disabledReason={refusal} onClick={() => recheck.mutate({ body: {} })}>
            Recheck everyone with {provider} now
          </BusyButton>
        </div>
        {recheck.error && <Alert severity="error">Could not recheck with {provider}: {recheck.error.message}</Alert>}
        {recheck.data && (
          <List dense aria-label="Recheck outcomes">
            {recheck.data.checked.length === 0 && <ListItem>Nobody has signed in with {provider} yet.</ListItem>}
            {recheck.data.checked.map((each) => (
              <ListItem key={each.userName}>
                <ListItemText primary={`${each.userName}: ${OUTCOME_WORDS[each.outcome]}`} secondary={each.detail} />
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
