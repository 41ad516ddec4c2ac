import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useApiQuery } from '../../../lib/api.ts';
import { DeliveryTable, refreshWhilePending } from '../../webhooks/index.ts';
import type { PromotionResult } from './use-promotion.ts';

/** How often the cockpit looks for new deliveries of the change, for a while after it (they are sent after commit). */
const FOLLOW_MS = 1000;
/** How long after the change the cockpit keeps looking for deliveries even when none is pending. */
const FOLLOW_FOR_MS = 8000;

/** The deliveries a promotion caused (those not in the log before it), followed as they happen. */
export function CausedDeliveries({ workspaceName, modelName, result }: { workspaceName: string; modelName: string; result: PromotionResult }) {
  const log = useApiQuery(
    'listWebhookDeliveries',
    { workspaceName, modelName, since: Math.max(0, result.startedAt - 1000) },
    { refetchInterval: (query) => refreshWhilePending(query) || (Date.now() - result.startedAt < FOLLOW_FOR_MS ? FOLLOW_MS : false) },
  );
  if (result.knownDeliveryIds === null) return <Typography variant="body2">This service does not report webhook deliveries.</Typography>;
  if (log.isPending) return <CircularProgress size={20} aria-label="Loading the webhook deliveries" />;
  if (log.error) return <Alert severity="info">The webhook deliveries could not be read: {log.error.message}</Alert>;
  const known = new Set(result.knownDeliveryIds);
  const caused = log.data.deliveries.filter((delivery) => !known.has(delivery.deliveryId));
  if (caused.length === 0) return <Typography variant="body2">No delivery yet: no webhook receives this change, or it is being queued.</Typography>;
  return <DeliveryTable deliveries={caused} label="Deliveries of this promotion" />;
}

/** What the action did (made, requested or refused, with the server's words) and the deliveries it caused. */
export function PromotionResultView({ workspaceName, modelName, result }: { workspaceName: string; modelName: string; result: PromotionResult }) {
  const { outcome } = result;
  return (
    <Box role="region" aria-label="Result of the promotion" sx={{ mt: 2 }}>
      {outcome.state === 'done' && (
        <Alert severity="success">
          {outcome.changed ? 'The change was made.' : 'Nothing to change: the version already held it alone.'}
          {outcome.notes.map((note) => (
            <Typography key={note} variant="body2">
              {note}
            </Typography>
          ))}
        </Alert>
      )}
      {outcome.state === 'requested' && <Alert severity="info">Promotion request filed: {outcome.message}</Alert>}
      {outcome.state === 'failed' && <Alert severity="error">The service refused the change: {outcome.message}</Alert>}
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        Webhook deliveries
      </Typography>
      <CausedDeliveries workspaceName={workspaceName} modelName={modelName} result={result} />
    </Box>
  );
}
