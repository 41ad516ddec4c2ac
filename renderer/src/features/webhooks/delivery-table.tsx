import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip } from '@mui/material';
import { BusyButton } from '../../shell/busy-button.tsx';
import { breaksLongText, givesWayWhenNarrow, stickyActionsCell } from '../../shell/table-layout.ts';
import type { z } from 'zod';
import type { webhookDeliveryRecord } from '../../../../shared/api/webhooks.ts';
import { formatDateTime } from '../../lib/format.ts';
import { eventLabel } from './webhook-model.ts';
import { deliveryChange, deliverySubject } from './delivery-payload.ts';

/** One notification to one URL, as the delivery log shows it. */
export type WebhookDelivery = z.infer<typeof webhookDeliveryRecord>;

const STATUS_COLOR = { pending: 'info', delivered: 'success', failed: 'error' } as const;


function lastAnswer(delivery: WebhookDelivery): string {
  if (delivery.lastResponseCode !== null) return `HTTP ${delivery.lastResponseCode}${delivery.lastError ? ` · ${delivery.lastError}` : ''}`;
  if (delivery.lastError) return delivery.lastError;
  return delivery.nextAttemptAt === null ? '—' : `next attempt ${formatDateTime(delivery.nextAttemptAt)}`;
}

/** What the table shows and, when `onRedeliver` is given, offers per row. */
interface DeliveryTableProps {
  deliveries: readonly WebhookDelivery[];
  label: string;
  /** Re-sends one delivery; adds a "Re-send" button to each row. */
  onRedeliver?: (delivery: WebhookDelivery) => void;
  /** Why the caller may not re-send deliveries (see `useAccess`): the buttons are disabled and say why. */
  redeliverRefusal?: string | undefined;
}

/** Webhook deliveries: time, event, model and version, stage change, address, status, attempts and the last answer (and a re-send action). */
export function DeliveryTable({ deliveries, label, onRedeliver, redeliverRefusal }: DeliveryTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>Model version</TableCell>
            <TableCell>Stages</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right" sx={givesWayWhenNarrow}>Attempts</TableCell>
            <TableCell>Last answer</TableCell>
            {onRedeliver && <TableCell sx={stickyActionsCell}>Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.deliveryId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(delivery.createdAt)}
                {delivery.redeliveryOf && <Chip size="small" variant="outlined" label="re-sent" sx={{ ml: 1 }} title={`Re-sends ${delivery.redeliveryOf}`} />}
              </TableCell>
              <TableCell>{eventLabel(delivery.eventType)}</TableCell>
              <TableCell>{deliverySubject(delivery)}</TableCell>
              <TableCell>{deliveryChange(delivery)}</TableCell>
              <TableCell sx={[breaksLongText, { maxWidth: 280 }]}>{delivery.url}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={STATUS_COLOR[delivery.status]} label={delivery.status} />
              </TableCell>
              <TableCell align="right" sx={givesWayWhenNarrow}>{delivery.attempts}</TableCell>
              <TableCell>
                <Tooltip title={delivery.lastAttemptAt === null ? 'Not attempted yet' : `Last attempt ${formatDateTime(delivery.lastAttemptAt)}`}>
                  <span>{lastAnswer(delivery)}</span>
                </Tooltip>
              </TableCell>
              {onRedeliver && (
                <TableCell sx={stickyActionsCell}>
                  <BusyButton
                    size="small"
                    aria-label={`Re-send the delivery of ${formatDateTime(delivery.createdAt)} to ${delivery.url}`}
                    disabledReason={redeliverRefusal}
                    onClick={() => onRedeliver(delivery)}
                  >
                    Re-send
                  </BusyButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
