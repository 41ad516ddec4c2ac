import { Alert, AlertTitle, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { BusyButton } from '../../shell/busy-button.tsx';
import type { BulkReport } from './bulk-actions.ts';
import { rowLabel } from './experiment-row.ts';

const LISTED_FAILURES = 50;

/** The outcome of the last bulk action: how many succeeded, which failed and why, and Undo where possible. */
export function BulkReportBanner({ report, undoing, onUndo, onClose }: { report: BulkReport; undoing: boolean; onUndo(): void; onClose(): void }) {
  const severity = report.failed.length === 0 ? 'success' : report.succeeded.length === 0 ? 'error' : 'warning';
  return (
    <Alert
      severity={severity}
      role={severity === 'success' ? 'status' : 'alert'}
      aria-label="Result of the last action"
      onClose={onClose}
      slotProps={{ closeButton: { 'aria-label': 'Dismiss the result' } }}
      action={
        report.undo.length > 0 ? (
          <BusyButton busy={undoing} color="inherit" size="small" onClick={onUndo}>
            Undo
          </BusyButton>
        ) : undefined
      }
      sx={{ mx: 1.5, mb: 1 }}
    >
      <AlertTitle sx={{ mb: report.failed.length > 0 ? 0.5 : 0 }}>{report.summary}</AlertTitle>
      {report.failed.length > 0 && (
        <Box>
          <List dense disablePadding aria-label="Failures">
            {report.failed.slice(0, LISTED_FAILURES).map(({ row, message }) => (
              <ListItem key={row.key} disableGutters sx={{ py: 0 }}>
                <ListItemText primary={`${rowLabel(row)}: ${message}`} />
              </ListItem>
            ))}
          </List>
          {report.failed.length > LISTED_FAILURES && <Typography variant="body2">…and {report.failed.length - LISTED_FAILURES} more.</Typography>}
        </Box>
      )}
    </Alert>
  );
}
