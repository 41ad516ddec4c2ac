import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import SkipIcon from '@mui/icons-material/RemoveCircleOutlined';
import WaitIcon from '@mui/icons-material/HourglassEmptyOutlined';
import { Alert, Box, CircularProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useApiQuery } from '../../lib/api.ts';
import { DeliveryTable, refreshWhilePending } from '../webhooks/index.ts';
import { describeStep } from './stages.ts';
import type { StageChangeResult, StepOutcome } from './use-stage-change.ts';
import { registryPayload } from '../webhooks/delivery-payload.ts';

function OutcomeLine({ outcome }: { outcome: StepOutcome }) {
  const icon = { done: <CheckIcon color="success" />, requested: <WaitIcon color="info" />, failed: <ErrorIcon color="error" />, skipped: <SkipIcon color="disabled" /> }[outcome.state];
  const secondary =
    outcome.state === 'failed' ? `Failed: ${outcome.error}` : outcome.state === 'skipped' ? 'Not attempted after the failure above' : outcome.state === 'requested' ? `Request filed: ${outcome.message}` : 'Done';
  return (
    <ListItem disableGutters>
      <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
      <ListItemText primary={describeStep(outcome.step)} secondary={secondary} />
    </ListItem>
  );
}

function CausedDeliveries({ workspaceName, modelName, knownIds, changedIds }: { workspaceName: string; modelName: string; knownIds: readonly string[]; changedIds: readonly string[] }) {
  const log = useApiQuery('listWebhookDeliveries', { workspaceName, modelName }, { refetchInterval: refreshWhilePending });
  if (log.isPending) return <CircularProgress size={20} aria-label="Loading the webhook deliveries" />;
  if (log.error) return <Alert severity="info">The webhook deliveries could not be read: {log.error.message}</Alert>;
  const known = new Set(knownIds);
  const changed = new Set(changedIds);
  const caused = log.data.deliveries.filter((delivery) => !known.has(delivery.deliveryId) && changed.has(registryPayload(delivery)?.registryModelItemId ?? ''));
  if (caused.length === 0) return <Typography variant="body2">No webhook is configured for this model, so no notification was sent.</Typography>;
  return <DeliveryTable deliveries={caused} label="Webhook deliveries of this change" />;
}

/** What a stage change did, step by step, and the webhook deliveries it caused (followed until delivered or failed). */
export function StageResult({ workspaceName, modelName, result }: { workspaceName: string; modelName: string; result: StageChangeResult }) {
  const failed = result.outcomes.some((outcome) => outcome.state === 'failed');
  const requested = result.outcomes.some((outcome) => outcome.state === 'requested');
  return (
    <Box role="region" aria-label="Result of the stage change" sx={{ mt: 2 }}>
      <Alert severity={failed ? 'error' : requested ? 'info' : 'success'}>
        {failed
          ? 'The change did not complete. The steps marked done were made; the others were not.'
          : requested
            ? 'A promotion request was filed: the protected stage changes once another user approves it (see Requests).'
            : 'The stages were changed.'}
      </Alert>
      <List dense>
        {result.outcomes.map((outcome, index) => (
          <OutcomeLine key={index} outcome={outcome} />
        ))}
      </List>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        Webhook notifications
      </Typography>
      {result.knownDeliveryIds === null ? (
        <Typography variant="body2">This service does not report webhook deliveries.</Typography>
      ) : result.changedIds.length === 0 ? (
        <Typography variant="body2">Nothing changed, so nothing was sent.</Typography>
      ) : (
        <CausedDeliveries workspaceName={workspaceName} modelName={modelName} knownIds={result.knownDeliveryIds} changedIds={result.changedIds} />
      )}
    </Box>
  );
}
