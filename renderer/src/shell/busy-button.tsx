import { Button, type ButtonProps } from '@mui/material';
import { RefusalTooltip } from './refusal-tooltip.tsx';

/** Props of BusyButton: a MUI Button plus `busy` and `disabledReason`. */
type BusyButtonProps = ButtonProps & {
  /** While true the button shows a spinner, is disabled and says so to assistive technology. */
  busy?: boolean;
  /** Why the caller may not do this (see `useAccess`): the button is disabled and says why in a tooltip. */
  disabledReason?: string | undefined;
};

/** A button that shows its action is running (spinner, disabled, aria-busy) so a click never seems lost, and why it is disabled when it may not be used. */
export function BusyButton({ busy = false, disabled, disabledReason, children, ...props }: BusyButtonProps) {
  return (
    <RefusalTooltip reason={disabledReason}>
      <Button {...props} loading={busy} loadingPosition="start" disabled={disabled || busy || disabledReason !== undefined} aria-busy={busy}>
        {children}
      </Button>
    </RefusalTooltip>
  );
}
