import { Alert, CircularProgress, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useApiQuery } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { modelPath } from './model-table.tsx';
import { requestPath } from './promotion/opened-request.tsx';

/** How many decided requests the inbox lists. */
const DECIDED_SHOWN = 20;

/** The workspace's latest decided requests, each opening the cockpit on what its approver saw (the comparison the service recorded). */
export function DecidedRequests({ workspaceName, refetchInterval }: { workspaceName: string; refetchInterval: number }) {
  const all = useApiQuery('listPromotionRequests', { workspaceName }, { refetchInterval });
  const decided = (all.data?.requests ?? []).filter((request) => request.state !== 'pending').slice(0, DECIDED_SHOWN);
  let body;
  if (all.error) body = <Alert severity="error">Could not read the decided requests: {all.error.message}. Reload the screen to try again.</Alert>;
  else if (!all.data) body = <CircularProgress aria-label="Loading the decided requests" />;
  else if (decided.length === 0) body = <Alert severity="info">No request has been decided yet.</Alert>;
  else
    body = (
      <TableContainer>
        <Table size="small" aria-label="Decided requests">
          <TableHead>
            <TableRow>
              <TableCell>Model</TableCell>
              <TableCell>Version</TableCell>
              <TableCell>Change</TableCell>
              <TableCell>Requested by</TableCell>
              <TableCell>Decision</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {decided.map((request) => (
              <TableRow key={request.requestId}>
                <TableCell>{request.registryModelName}</TableCell>
                <TableCell>{request.version}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={requestPath(modelPath(request.registryModelName), request.requestId)} aria-label={`Open what the approver saw for ${request.kind} ${request.value} for ${request.registryModelName} ${request.version}`}>
                    {request.kind} {request.value}
                  </Link>
                </TableCell>
                <TableCell>{request.requestedBy}</TableCell>
                <TableCell>
                  {request.state} by {request.decidedBy ?? '—'}
                  {request.decidedAt ? ` on ${formatDateTime(request.decidedAt)}` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
        Recently decided
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Open one to see the comparison its approver saw, as the service recorded it, and to export it as evidence.
      </Typography>
      {body}
    </>
  );
}
