import { Tooltip } from '@mui/material';
import type { ReactElement } from 'react';

/**
 * Shows why a control is disabled (`reason`) as its tooltip. A disabled button gets no pointer events, so the tooltip
 * sits on a span around it; without a reason the control is shown as it is.
 */
export function RefusalTooltip({ reason, children }: { reason: string | undefined; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} describeChild>
      <span data-refusal={reason} style={{ display: 'inline-flex' }}>
        {children}
      </span>
    </Tooltip>
  );
}
