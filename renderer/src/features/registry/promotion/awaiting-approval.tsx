import { Chip, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { PromotionRequest } from './governance.ts';
import { requestPath } from './opened-request.tsx';

/** A version's pending promotion requests as chips ("Awaiting approval: stage production"), each opening the cockpit on it. */
export function AwaitingApproval({ modelPath, requests }: { modelPath: string; requests: readonly PromotionRequest[] }) {
  if (requests.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
      {requests.map((request) => (
        <Chip
          key={request.requestId}
          size="small"
          variant="outlined"
          color="warning"
          clickable
          component={RouterLink}
          to={requestPath(modelPath, request.requestId)}
          label={`Awaiting approval: ${request.kind} ${request.value}`}
          aria-label={`${request.version} awaits approval for ${request.kind} ${request.value}, requested by ${request.requestedBy}: open the request`}
        />
      ))}
    </Stack>
  );
}
