import { Button, type ButtonProps } from '@mui/material';

/** Props of BusyButton: a MUI Button plus `busy`. */
type BusyButtonProps = ButtonProps & {
  /** While true the button shows a spinner, is disabled and says so to assistive technology. */
  busy: boolean;
};

/** A button that shows its action is running (spinner, disabled, aria-busy) so a click never seems lost. */
export function BusyButton({ busy, disabled, children, ...props }: BusyButtonProps) {
  return (
    <Button {...props} loading={busy} loadingPosition="start" disabled={disabled || busy} aria-busy={busy}>
      {children}
    </Button>
  );
}
