import { Alert, Box, CircularProgress, List, ListItem, ListItemText, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useApiQuery } from '../../../lib/api.ts';
import { StageNameField, useStageSuggestions } from '../stage-inputs.tsx';
import type { RegistryVersion } from '../stage-dialog.tsx';
import { compareVersions } from './comparison.ts';
import { ComparisonView } from './comparison-view.tsx';
import type { PromotionChange } from './use-promotion.ts';
import type { LoadedFacts } from './use-version-facts.ts';
import type { WebhookTarget } from './webhooks-to-fire.ts';

/** A titled block of the cockpit. */
export function CockpitPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What to change: a stage (any name, suggestions offered) or a status (one of the workspace's allowed values). */
export function ChangeChooser({
  workspaceName,
  versions,
  target,
  change,
  onChange,
}: {
  workspaceName: string;
  versions: readonly RegistryVersion[];
  target: RegistryVersion;
  change: PromotionChange;
  onChange: (change: PromotionChange) => void;
}) {
  const suggestions = useStageSuggestions(workspaceName, versions);
  const allowed = useApiQuery('registryAllowedStatusValues', { workspaceName });
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
      <ToggleButtonGroup exclusive size="small" value={change.kind} aria-label="What to change" onChange={(_, kind: PromotionChange['kind'] | null) => kind && onChange({ kind, value: '' })}>
        <ToggleButton value="stage">Stage</ToggleButton>
        <ToggleButton value="status">Status</ToggleButton>
      </ToggleButtonGroup>
      {change.kind === 'stage' ? (
        <StageNameField value={change.value} onChange={(value) => onChange({ kind: 'stage', value })} suggestions={suggestions} exclude={target.stages} />
      ) : (
        <TextField
          select
          size="small"
          label="New status"
          value={change.value}
          onChange={(event) => onChange({ kind: 'status', value: event.target.value })}
          sx={{ minWidth: 180 }}
          error={Boolean(allowed.error)}
          helperText={allowed.error ? `Allowed values unavailable: ${allowed.error.message}` : undefined}
        >
          {(allowed.data?.allowedStatus ?? []).filter((status) => status !== target.status).map((status) => (
            <MenuItem key={status} value={status}>
              {status}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}

/** The configured URLs the change will notify, with the events each receives. */
export function WebhookList({ targets, error }: { targets: readonly WebhookTarget[] | undefined; error: string | null }) {
  if (error) return <Alert severity="info">The webhook configuration could not be read: {error}</Alert>;
  if (!targets) return <CircularProgress size={20} aria-label="Loading the webhook configuration" />;
  if (targets.length === 0) return <Typography variant="body2">No webhook receives this change.</Typography>;
  return (
    <List dense aria-label="Webhooks that will fire">
      {targets.map((target) => (
        <ListItem key={`${target.scope}/${target.url}`} disableGutters>
          <ListItemText primary={`${target.name || target.url} (${target.scope === 'model' ? 'this model' : 'every model'})`} secondary={`${target.url} · ${target.events.join(', ')}`} />
        </ListItem>
      ))}
    </List>
  );
}

/** The comparison once both versions' facts are in; their read failures shown in place. */
export function ComparisonSection({
  candidate,
  current,
  holder,
  held,
}: {
  /** The stage or status being given. */
  held: string;
  candidate: { data?: LoadedFacts | null | undefined; error: Error | null };
  current: { data?: LoadedFacts | null | undefined; error: Error | null };
  holder: RegistryVersion | null;
}) {
  if (candidate.error) return <Alert severity="error">Could not read the candidate: {candidate.error.message}</Alert>;
  if (current.error) return <Alert severity="error">Could not read the current holder: {current.error.message}</Alert>;
  if (!candidate.data || current.data === undefined) return <CircularProgress size={24} aria-label="Loading the comparison" />;
  const problems = [candidate.data.checksumProblem, current.data?.checksumProblem].filter((problem): problem is string => Boolean(problem));
  return (
    <>
      {problems.map((problem) => (
        <Alert key={problem} severity="warning">
          {problem}
        </Alert>
      ))}
      <ComparisonView comparison={compareVersions(candidate.data.facts, current.data?.facts ?? null)} candidate={candidate.data.facts.version} current={holder?.version ?? null} held={held} />
    </>
  );
}
