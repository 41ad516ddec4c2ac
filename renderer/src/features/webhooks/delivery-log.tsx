import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useAccess } from '../../lib/access.ts';
import { useApiMutation, useApiQuery } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { ALL_DELIVERIES, DeliveryFilters, deliveryQuery, type DeliveryFilterState } from './delivery-filters.tsx';
import { DeliveryTable, type WebhookDelivery } from './delivery-table.tsx';
import { deliverySubject } from './delivery-payload.ts';

/** How often the log refreshes while some delivery is still pending. */
const PENDING_REFRESH_MS = 1500;
/** How often the log screen looks for deliveries of changes made elsewhere. */
const IDLE_REFRESH_MS = 15_000;

/** Refreshes a delivery-log query while any of its deliveries is pending. */
export const refreshWhilePending = (query: { state: { data?: { deliveries: readonly WebhookDelivery[] } | undefined } }): number | false =>
  query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false;

/** How long the log looks closely for a delivery just queued (a re-send): while pending, the filters may hide it. */
const WATCH_MS = 30_000;

/** A delivery the log waits to show with its outcome, until a time. */
export interface WatchedDelivery {
  deliveryId: string;
  until: number;
}

/**
 * How soon the log reads again: soon while a delivery it shows is pending, or while a delivery just queued has not
 * shown with its outcome yet (a log filtered to "Delivered" hides it while it is pending); else now and then.
 */
export function logRefreshMs(query: Parameters<typeof refreshWhilePending>[0], watched: WatchedDelivery | null, now = Date.now()): number {
  const pending = refreshWhilePending(query);
  if (pending) return pending;
  const settled = query.state.data?.deliveries.some((delivery) => delivery.deliveryId === watched?.deliveryId);
  return watched && !settled && now < watched.until ? PENDING_REFRESH_MS : IDLE_REFRESH_MS;
}

/**
 * The service's webhook delivery log of a workspace (or one model), newest first, filtered by model, event, outcome and
 * time; it follows pending deliveries closely, and any delivery can be re-sent (after a confirmation).
 */
export function DeliveryLog({ workspaceName, modelName }: { workspaceName: string; modelName?: string }) {
  const [filter, setFilter] = useState<DeliveryFilterState>(ALL_DELIVERIES);
  // The time window counts back from when it was chosen (or the log refreshed by hand), so the query stays put between renders.
  const [chosenAt, setChosenAt] = useState(() => Date.now());
  const query = deliveryQuery(workspaceName, modelName === undefined ? filter : { ...filter, modelName }, chosenAt);
  const [watched, setWatched] = useState<WatchedDelivery | null>(null);
  const log = useApiQuery('listWebhookDeliveries', query, { refetchInterval: (current) => logRefreshMs(current, watched) });
  const redeliver = useApiMutation('redeliverWebhook', { invalidate: ['listWebhookDeliveries'] });
  const { reason: redeliverRefusal } = useAccess('redeliverWebhook', workspaceName);
  const confirm = useConfirm();
  const notify = useNotify();
  const deliveries = log.data?.deliveries ?? [];
  const filtered = JSON.stringify(filter) !== JSON.stringify(ALL_DELIVERIES);

  const resend = async (delivery: WebhookDelivery) => {
    const confirmed = await confirm({
      title: 'Re-send this notification?',
      message: `${delivery.url} receives the same body again (${deliverySubject(delivery)}, ${formatDateTime(delivery.createdAt)}), under a new delivery id that names this one, with the headers and secret configured now.`,
      confirmLabel: 'Re-send',
    });
    if (!confirmed) return;
    try {
      const queued = await redeliver.mutateAsync({ body: { workspaceName, deliveryId: delivery.deliveryId } });
      setWatched({ deliveryId: queued.deliveryId, until: Date.now() + WATCH_MS });
      notify.success(`Re-sent to ${queued.url} as delivery ${queued.deliveryId}.`);
    } catch (error) {
      notify.error(error, `Re-sending the delivery to ${delivery.url}`);
    }
  };

  return (
    <Box component="section" aria-labelledby="delivery-log-title" sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id="delivery-log-title" variant="h6" component="h3">
          Delivery log
        </Typography>
        <Tooltip title="Refresh the delivery log">
          <IconButton
            aria-label="Refresh the delivery log"
            size="small"
            onClick={() => {
              setChosenAt(Date.now());
              void log.refetch();
            }}
          >
            <RefreshIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <DeliveryFilters
        value={filter}
        withModel={modelName === undefined}
        onChange={(next) => {
          setFilter(next);
          setChosenAt(Date.now());
        }}
      />
      {log.isPending && <CircularProgress aria-label="Loading the delivery log" />}
      {log.error && (
        <Alert severity="info">
          The delivery log is not available from this service: {log.error.message}
        </Alert>
      )}
      {log.data && deliveries.length === 0 && (
        <Alert severity="info">{filtered ? 'No notification matches these filters.' : 'No notifications have been sent yet.'}</Alert>
      )}
      {deliveries.length > 0 && <DeliveryTable deliveries={deliveries} label="Delivery log" onRedeliver={(delivery) => void resend(delivery)} redeliverRefusal={redeliverRefusal} />}
    </Box>
  );
}
