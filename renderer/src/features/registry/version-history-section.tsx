import { Alert, Box, CircularProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDateTime, plural } from '../../lib/format.ts';
import { HistoryFilters } from './history-filters.tsx';
import { LocalStageHistory } from './local-stage-history.tsx';
import { useVersionHistory, type HistorySubject } from './use-version-history.ts';
import { ACTION_LABELS, describeChange, filterHistory, NO_HISTORY_FILTER, type HistoryEvent } from './version-history.ts';
import { breaksLongText } from '../../shell/table-layout.ts';

const SHOWN = 500;

function HistoryTable({ events, severalVersions }: { events: readonly HistoryEvent[]; severalVersions: boolean }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Version history">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            {severalVersions && <TableCell>Version</TableCell>}
            <TableCell>Change</TableCell>
            <TableCell>Before → after</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>Comment</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.slice(0, SHOWN).map((event) => (
            <TableRow key={`${event.registryModelItemId}/${event.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.createdAt)}</TableCell>
              {severalVersions && <TableCell>{event.registryModelItemVersion}</TableCell>}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{ACTION_LABELS[event.actionType]}</TableCell>
              <TableCell sx={[breaksLongText, { maxWidth: 420 }]}>{describeChange(event)}</TableCell>
              <TableCell>{event.userName}</TableCell>
              <TableCell sx={[breaksLongText, { maxWidth: 240 }]}>{event.comment || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The service's history of a model's versions (or of the one a version page shows) with filters; where the service keeps none, what this profile recorded locally. */
export function VersionHistorySection({ subject, of = 'the versions of this model' }: { subject: HistorySubject; of?: string }) {
  const history = useVersionHistory(subject);
  const [filter, setFilter] = useState(NO_HISTORY_FILTER);
  const severalVersions = subject.versions.length > 1;
  let body;
  if (history.error) body = <Alert severity="error">{history.error.message}</Alert>;
  else if (!history.data) body = <CircularProgress size={24} aria-label="Loading the version history" />;
  else if (history.data.kind === 'unsupported') body = <LocalStageHistory registryModelId={subject.registryModelId} reason={history.data.reason} />;
  else if (history.data.events.length === 0) body = <Alert severity="info">No changes are recorded for the current versions of this model.</Alert>;
  else {
    const shown = filterHistory(history.data.events, filter);
    body = (
      <>
        <HistoryFilters events={history.data.events} filter={filter} onChange={setFilter} severalVersions={severalVersions} />
        <Typography variant="body2" color="text.secondary" aria-label="History count" role="status">
          {shown.length === history.data.events.length ? plural(shown.length, 'change') : `${shown.length} of ${plural(history.data.events.length, 'change')}`}
          {shown.length > SHOWN ? ` (the latest ${SHOWN} are shown)` : ''}
        </Typography>
        {shown.length === 0 ? <Alert severity="info">No change matches these filters.</Alert> : <HistoryTable events={shown} severalVersions={severalVersions} />}
      </>
    );
  }
  return (
    <Box component="section" aria-labelledby="version-history-title" sx={{ mt: 3 }}>
      <Typography id="version-history-title" variant="h6" component="h3">
        Version history
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Every change to {of}, as the service records it: made here, from the SDK or by anyone else.
      </Typography>
      {body}
    </Box>
  );
}
