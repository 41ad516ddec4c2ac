import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

/** What a confirmation asks: the title, what will be affected, and the label of the confirming button. */
interface ConfirmOptions {
  title: string;
  /** Name what will be affected (e.g. `Delete the 3 selected experiments of "mnist"?`). */
  message: ReactNode;
  confirmLabel: string;
  /** Shows the confirming button in the error colour. */
  destructive?: boolean;
}

/** Asks the user to confirm; resolves true when confirmed, false when cancelled or dismissed. */
type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | undefined>(undefined);

/** Hosts the one confirmation dialog of the app. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | undefined>(undefined);
  const resolver = useRef<((confirmed: boolean) => void) | undefined>(undefined);
  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOptions(next);
      }),
    [],
  );
  const answer = (confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = undefined;
    setOptions(undefined);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog open={options !== undefined} onClose={() => answer(false)} aria-labelledby="confirm-title" maxWidth="sm" fullWidth>
        <DialogTitle id="confirm-title">{options?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">{options?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => answer(false)}>Cancel</Button>
          <Button
            variant="contained"
            color={options?.destructive ? 'error' : 'primary'}
            onClick={() => answer(true)}
            autoFocus={!options?.destructive}
          >
            {options?.confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

/** The confirmation function: `await confirm({title, message, confirmLabel, destructive})`. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() is used outside <ConfirmProvider>.');
  return confirm;
}
