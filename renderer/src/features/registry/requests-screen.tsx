import { Alert, Box, CircularProgress, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useApiQuery } from '../../lib/api.ts';
import { formatDateTime, plural } from '../../lib/format.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { DecidedRequests } from './decided-requests.tsx';
import { modelPath } from './model-table.tsx';
import type { PromotionRequest } from './promotion/governance.ts';
import { requestPath } from './promotion/opened-request.tsx';
import { RequestActions, useUserName } from './promotion/request-actions.tsx';
import { breaksLongText } from '../../shell/table-layout.ts';

/** How often the inbox looks for new requests. */
const REQUESTS_REFRESH_MS = 10_000;

function RequestTable({ label, requests }: { label: string; requests: readonly PromotionRequest[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Model</TableCell>
            <TableCell>Version</TableCell>
            <TableCell>Change</TableCell>
            <TableCell>Requested by</TableCell>
            <TableCell>When</TableCell>
            <TableCell>Comment</TableCell>
            <TableCell sx={{ minWidth: 320 }}>Decision</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {requests.map((request) => (
            <TableRow key={request.requestId}>
              <TableCell>
                <Link component={RouterLink} to={modelPath(request.registryModelName)}>
                  {request.registryModelName}
                </Link>
              </TableCell>
              <TableCell>{request.version}</TableCell>
              <TableCell>
                <Link component={RouterLink} to={requestPath(modelPath(request.registryModelName), request.requestId)} aria-label={`Open the request for ${request.kind} ${request.value} for ${request.registryModelName} ${request.version}`}>
                  {request.kind} {request.value}
                  {request.operation === 'move' ? ' (move)' : ''}
                </Link>
              </TableCell>
              <TableCell>{request.requestedBy}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(request.createdAt)}</TableCell>
              <TableCell sx={[breaksLongText, { maxWidth: 260 }]}>{request.comment || '—'}</TableCell>
              <TableCell>
                <RequestActions request={request} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Pending promotion requests of the workspace: those the user may approve or reject, and the user's own (to cancel). */
export function RequestsScreen() {
  const { workspaceName, isLoading } = useWorkspace();
  const userName = useUserName();
  const pending = useApiQuery('listPromotionRequests', { workspaceName: workspaceName ?? '', state: 'pending' }, { enabled: Boolean(workspaceName), refetchInterval: REQUESTS_REFRESH_MS });
  let body;
  if (!workspaceName) body = isLoading ? <CircularProgress aria-label="Loading workspaces" /> : <Alert severity="info">Choose a workspace.</Alert>;
  else if (pending.error) body = <Alert severity="error">Could not read the promotion requests: {pending.error.message}</Alert>;
  else if (!pending.data) body = <CircularProgress aria-label="Loading the promotion requests" />;
  else {
    const toDecide = pending.data.requests.filter((request) => request.mayApprove);
    const mine = pending.data.requests.filter((request) => request.requestedBy === userName && !request.mayApprove);
    body = (
      <>
        <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
          To approve ({toDecide.length})
        </Typography>
        {toDecide.length === 0 ? <Alert severity="info">No request waits for your approval.</Alert> : <RequestTable label="Requests to approve" requests={toDecide} />}
        <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
          Your requests ({mine.length})
        </Typography>
        {mine.length === 0 ? <Alert severity="info">You have no pending request.</Alert> : <RequestTable label="Your pending requests" requests={mine} />}
        <DecidedRequests workspaceName={workspaceName} refetchInterval={REQUESTS_REFRESH_MS} />
      </>
    );
  }
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2">
        Promotion requests
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {pending.data ? `${plural(pending.data.requests.length, 'pending request')} in ${workspaceName ?? ''}.` : 'Changes an approval policy held back until another user approves them.'}
      </Typography>
      {body}
    </Box>
  );
}
