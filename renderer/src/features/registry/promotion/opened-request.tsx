import { Alert, Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/format.ts';
import type { PromotionRequest } from './governance.ts';
import { RequestActions } from './request-actions.tsx';

/** The address that opens the promotion cockpit of a model on one of its requests. */
export const requestPath = (modelPath: string, requestId: string): string => `${modelPath}?request=${encodeURIComponent(requestId)}`;

/** The request the cockpit was opened on: who asks for what and why, its decision if made, and Approve / Reject at hand. */
export function OpenedRequest({ request, loading }: { request: PromotionRequest | undefined; loading: boolean }) {
  if (!request) return loading ? <Typography variant="body2">Reading the request…</Typography> : <Alert severity="warning">This request was not found: it may have been removed with its version.</Alert>;
  const decided = request.state === 'pending' ? null : `${request.state[0]?.toUpperCase()}${request.state.slice(1)}${request.decidedBy ? ` by ${request.decidedBy}` : ''}${request.decidedAt ? ` on ${formatDateTime(request.decidedAt)}` : ''}${request.decisionComment ? `: “${request.decisionComment}”` : '.'}`;
  return (
    <>
      <Typography variant="body2">
        {request.requestedBy} asks for {request.kind} {request.value} on {request.version} ({formatDateTime(request.createdAt)}){request.comment ? `: “${request.comment}”` : ', without a comment.'}
      </Typography>
      {decided && <Alert severity={request.state === 'approved' ? 'success' : 'info'} sx={{ mt: 1 }}>{decided}</Alert>}
      <RequestActions request={request} />
    </>
  );
}
