import { MenuItem, Stack, TextField } from '@mui/material';
import { webhookTriggers, type deliveryStatuses } from '../../../../shared/api/webhooks.ts';
import { EVENT_LABELS } from './webhook-model.ts';

/** The time windows the delivery log offers, in milliseconds back from now (0: any time). */
const WINDOWS = [
  { label: 'Any time', millis: 0 },
  { label: 'Last hour', millis: 3_600_000 },
  { label: 'Last 24 hours', millis: 86_400_000 },
  { label: 'Last 7 days', millis: 7 * 86_400_000 },
] as const;

/** What the delivery log is narrowed to. */
export interface DeliveryFilterState {
  modelName: string;
  eventType: string;
  status: '' | (typeof deliveryStatuses)[number];
  /** How far back, in milliseconds (0: any time). */
  window: number;
}

/** No narrowing. */
export const ALL_DELIVERIES: DeliveryFilterState = { modelName: '', eventType: '', status: '', window: 0 };

/** The delivery-log query for the filters at time `now` (only the fields set). */
export function deliveryQuery(workspaceName: string, filter: DeliveryFilterState, now: number) {
  return {
    workspaceName,
    ...(filter.modelName.trim() ? { modelName: filter.modelName.trim() } : {}),
    ...(filter.eventType ? { eventType: filter.eventType } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.window > 0 ? { since: now - filter.window } : {}),
  };
}

/** The delivery log's filters: model (unless the log is one model's), event, outcome and time. */
export function DeliveryFilters({ value, onChange, withModel }: { value: DeliveryFilterState; onChange(next: DeliveryFilterState): void; withModel: boolean }) {
  const set = (change: Partial<DeliveryFilterState>) => onChange({ ...value, ...change });
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }} role="group" aria-label="Delivery log filters">
      {withModel && (
        <TextField size="small" label="Model" placeholder="Every model" value={value.modelName} onChange={(event) => set({ modelName: event.target.value })} />
      )}
      <TextField select size="small" label="Event" value={value.eventType} onChange={(event) => set({ eventType: event.target.value })} sx={{ minWidth: 160 }}>
        <MenuItem value="">Every event</MenuItem>
        {webhookTriggers.map((trigger) => (
          <MenuItem key={trigger} value={trigger}>
            {EVENT_LABELS[trigger]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Outcome"
        value={value.status}
        onChange={(event) => set({ status: event.target.value as DeliveryFilterState['status'] })}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">Every outcome</MenuItem>
        <MenuItem value="pending">Pending</MenuItem>
        <MenuItem value="delivered">Delivered</MenuItem>
        <MenuItem value="failed">Failed</MenuItem>
      </TextField>
      <TextField select size="small" label="Time" value={value.window} onChange={(event) => set({ window: Number(event.target.value) })} sx={{ minWidth: 150 }}>
        {WINDOWS.map((window) => (
          <MenuItem key={window.millis} value={window.millis}>
            {window.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
