import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useApiQuery } from '../../lib/api.ts';
import { DeliveryTable, type WebhookDelivery } from './delivery-table.tsx';

/** How often the log refreshes while some delivery is still pending. */
const PENDING_REFRESH_MS = 1500;
/** How often the log screen looks for deliveries of changes made elsewhere. */
const IDLE_REFRESH_MS = 15_000;

/** Refreshes a delivery-log query while any of its deliveries is pending. */
export const refreshWhilePending = (query: { state: { data?: { deliveries: readonly WebhookDelivery[] } | undefined } }): number | false =>
  query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false;

const refreshLog = (query: Parameters<typeof refreshWhilePending>[0]): number => refreshWhilePending(query) || IDLE_REFRESH_MS;

/** The service's webhook delivery log of a workspace (or one model), newest first; it follows pending deliveries closely. */
export function DeliveryLog({ workspaceName, modelName }: { workspaceName: string; modelName?: string }) {
  const query = modelName === undefined ? { workspaceName } : { workspaceName, modelName };
  const log = useApiQuery('listWebhookDeliveries', query, { refetchInterval: refreshLog });
  const deliveries = log.data?.deliveries ?? [];
  return (
    <Box component="section" aria-labelledby="delivery-log-title" sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id="delivery-log-title" variant="h6" component="h3">
          Delivery log
        </Typography>
        <Tooltip title="Refresh the delivery log">
          <IconButton aria-label="Refresh the delivery log" size="small" onClick={() => void log.refetch()}>
            <RefreshIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {log.isPending && <CircularProgress aria-label="Loading the delivery log" />}
      {log.error && (
        <Alert severity="info">
          The delivery log is not available from this service: {log.error.message}
        </Alert>
      )}
      {log.data && deliveries.length === 0 && <Alert severity="info">No notifications have been sent yet.</Alert>}
      {deliveries.length > 0 && <DeliveryTable deliveries={deliveries} label="Delivery log" />}
    </Box>
  );
}
