import { Alert, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useAccessCheck } from '../../../lib/access.ts';
import { useApiMutation, useApiQuery } from '../../../lib/api.ts';
import { BusyButton } from '../../../shell/busy-button.tsx';
import { useConfirm } from '../../../shell/confirm.tsx';
import { useNotify } from '../../../shell/notify.tsx';
import type { PromotionRequest } from './governance.ts';
import { runMutation } from '../../../lib/run-mutation.ts';

const refreshed = ['listPromotionRequests', 'promotionRequest', 'registryModelDetails', 'registryModelItemHistory', 'listWebhookDeliveries', 'listRegistryModels'] as const;

/** The caller's user name on the active profile (to tell the requester, who may cancel). */
export function useUserName(): string | null {
  return useApiQuery('accountDetails', {}).data?.userName ?? null;
}

/**
 * Approve or reject a pending request with a comment (for those allowed), or cancel it (its requester). The server's refusal
 * is shown in place and the comment kept (as a notice when this part has left the screen); rejecting and cancelling ask first.
 */
export function RequestActions({ request, onDecided }: { request: PromotionRequest; onDecided?: (request: PromotionRequest) => void }) {
  const userName = useUserName();
  const confirm = useConfirm();
  const notify = useNotify();
  const [comment, setComment] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // Whether this part is still on screen: a refusal that arrives after it has gone is raised as a notice instead.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const approve = useApiMutation('approvePromotionRequest', { invalidate: refreshed });
  const reject = useApiMutation('rejectPromotionRequest', { invalidate: refreshed });
  const cancel = useApiMutation('cancelPromotionRequest', { invalidate: refreshed });
  const accessOf = useAccessCheck(request.workspaceName);
  const busy = approve.isPending || reject.isPending || cancel.isPending;
  const subject = `${request.kind} ${request.value} for ${request.registryModelName} ${request.version}`;
  if (request.state !== 'pending') return null;

  const decide = async (action: 'approve' | 'reject' | 'cancel') => {
    if (action !== 'approve') {
      const confirmed = await confirm({
        title: action === 'reject' ? `Reject the request for ${subject}?` : `Cancel your request for ${subject}?`,
        message: action === 'reject' ? `The request by ${request.requestedBy} is closed and nothing changes. This cannot be undone.` : 'The request is withdrawn and nothing changes. This cannot be undone.',
        confirmLabel: action === 'reject' ? 'Reject request' : 'Cancel request',
        destructive: true,
      });
      if (!confirmed) return;
    }
    const mutation = action === 'approve' ? approve : action === 'reject' ? reject : cancel;
    setRefusal(null);
    runMutation(
      mutation,
      { params: { requestId: request.requestId }, body: comment.trim() ? { comment } : {} },
      {
        onSuccess: (decided) => {
          setComment('');
          notify.success(`${action === 'approve' ? 'Approved' : action === 'reject' ? 'Rejected' : 'Cancelled'} the request for ${subject}.`);
          onDecided?.(decided);
        },
        onError: (error) => (shown.current ? setRefusal(error.message) : notify.error(error, `Could not ${action} the request for ${subject}`)),
      },
    );
  };

  const mayCancel = userName !== null && userName === request.requestedBy;
  if (!request.mayApprove && !mayCancel) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }} aria-label={`Decide on the request for ${subject}`} component="section">
      <TextField size="small" label={`Comment on the request for ${subject}`} value={comment} onChange={(event) => setComment(event.target.value)} multiline />
      {refusal && <Alert severity="error">The service refused: {refusal}</Alert>}
      <Stack direction="row" spacing={1}>
        {request.mayApprove && (
          <>
            <BusyButton variant="contained" busy={approve.isPending} disabled={busy} disabledReason={accessOf('approvePromotionRequest').reason} onClick={() => void decide('approve')}>
              Approve
            </BusyButton>
            <BusyButton color="error" busy={reject.isPending} disabled={busy} disabledReason={accessOf('rejectPromotionRequest').reason} onClick={() => void decide('reject')}>
              Reject
            </BusyButton>
          </>
        )}
        {mayCancel && (
          <BusyButton busy={cancel.isPending} disabled={busy} disabledReason={accessOf('cancelPromotionRequest').reason} onClick={() => void decide('cancel')}>
            Cancel request
          </BusyButton>
        )}
      </Stack>
    </Stack>
  );
}
