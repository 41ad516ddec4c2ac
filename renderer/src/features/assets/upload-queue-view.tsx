import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, LinearProgress, List, ListItem, Stack, Typography } from '@mui/material';
import { formatBytes, formatRemaining, formatSpeed } from './format.ts';
import { isFinished, percentOf, remainingSeconds, speedOf, type UploadItem } from './upload-queue.ts';

/** The queue's items and what the user can do with them. */
interface UploadQueueViewProps {
  items: readonly UploadItem[];
  onCancel(id: string): void;
  onRetry(id: string): void;
  /** Removes finished items: the given ones, or all when called without ids. */
  onDismiss(ids?: readonly string[]): void;
}

/** The line under a file's name: bytes, speed and time left while it runs; the outcome once it ended. */
function uploadStatusText(item: UploadItem): string {
  const size = item.totalBytes === undefined ? '' : formatBytes(item.totalBytes);
  switch (item.status) {
    case 'waiting':
      return item.attempt > 1 ? `Waiting to retry (attempt ${item.attempt})` : 'Waiting';
    case 'uploading': {
      const parts = [size ? `${formatBytes(item.sentBytes)} of ${size}` : formatBytes(item.sentBytes)];
      const speed = speedOf(item);
      const remaining = remainingSeconds(item);
      if (speed !== undefined) parts.push(formatSpeed(speed));
      if (remaining !== undefined) parts.push(formatRemaining(remaining));
      return parts.join(' · ');
    }
    case 'cancelling':
      return 'Cancelling…';
    case 'done':
      return size ? `Uploaded (${size})` : 'Uploaded';
    case 'failed':
      return `Failed: ${item.error ?? 'the upload did not complete.'}`;
    case 'cancelled':
      return 'Cancelled; nothing was kept';
  }
}

function QueueRow({ item, onCancel, onRetry, onDismiss }: { item: UploadItem } & Omit<UploadQueueViewProps, 'items'>) {
  const percent = percentOf(item);
  const running = item.status === 'uploading' || item.status === 'cancelling';
  return (
    <ListItem divider aria-label={item.fileName} data-status={item.status} sx={{ display: 'block', py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 500 }}>{item.fileName}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {item.settings.type}
          {item.settings.step === undefined ? '' : ` · step ${item.settings.step}`}
          {item.settings.context ? ` · ${item.settings.context}` : ''}
        </Typography>
        {(item.status === 'waiting' || item.status === 'uploading') && (
          <Button size="small" onClick={() => onCancel(item.id)} aria-label={`Cancel upload of ${item.fileName}`}>
            Cancel
          </Button>
        )}
        {(item.status === 'failed' || item.status === 'cancelled') && (
          <Button size="small" onClick={() => onRetry(item.id)} aria-label={`Retry upload of ${item.fileName}`}>
            Retry
          </Button>
        )}
        {isFinished(item) && (
          <IconButton size="small" onClick={() => onDismiss([item.id])} aria-label={`Remove ${item.fileName} from the upload list`}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {(running || item.status === 'waiting') && (
        <LinearProgress
          variant={percent === undefined || item.status === 'waiting' ? 'indeterminate' : 'determinate'}
          value={Math.floor(percent ?? 0)}
          aria-label={`Upload progress of ${item.fileName}`}
          sx={{ my: 0.5 }}
        />
      )}
      <Typography
        variant="body2"
        role={item.status === 'failed' ? 'alert' : undefined}
        color={item.status === 'failed' ? 'error' : item.status === 'done' ? 'success.main' : 'text.secondary'}
      >
        {uploadStatusText(item)}
      </Typography>
    </ListItem>
  );
}

/** Per-file progress, speed and time left, with cancel, retry and dismiss; a failed file is shown as failed, never as uploaded. */
export function UploadQueueView({ items, onCancel, onRetry, onDismiss }: UploadQueueViewProps) {
  if (items.length === 0) return null;
  const finishedCount = items.filter(isFinished).length;
  return (
    <Box component="section" aria-label="Uploads" sx={{ mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          Uploads
        </Typography>
        {finishedCount > 0 && (
          <Button size="small" onClick={() => onDismiss()}>
            Clear finished
          </Button>
        )}
      </Stack>
      <List dense disablePadding aria-label="Upload queue">
        {items.map((item) => (
          <QueueRow key={item.id} item={item} onCancel={onCancel} onRetry={onRetry} onDismiss={onDismiss} />
        ))}
      </List>
    </Box>
  );
}
