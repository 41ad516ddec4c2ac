import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Portal, Stack } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/errors.ts';
import { useTopLayer } from './top-layer.ts';

/** Shows results and failures of what the user did. */
interface Notify {
  /** A short confirmation (hides itself after a few seconds); with `undo`, it offers an Undo button (and stays a little longer). */
  success(message: string, undo?: () => void): void;
  /** A failure: `context` says what the user was doing, followed by the server's message (stays until closed). */
  error(error: unknown, context: string): void;
}

interface Notice {
  id: number;
  severity: 'success' | 'error';
  text: string;
  undo?: () => void;
}

const SUCCESS_VISIBLE_MS = 5000;
const UNDOABLE_VISIBLE_MS = 10_000;
const MAX_NOTICES = 4;

const NotifyContext = createContext<Notify | undefined>(undefined);

/** An undoable notice's buttons (an Alert's own close button gives way to `action`, so it comes back here). */
function UndoActions({ onUndo, onDismiss }: { onUndo(): void; onDismiss(): void }) {
  return (
    <>
      <Button
        color="inherit"
        size="small"
        onClick={() => {
          onDismiss();
          onUndo();
        }}
      >
        Undo
      </Button>
      <IconButton color="inherit" size="small" aria-label="Dismiss notification" onClick={onDismiss}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </>
  );
}

/** Hosts the notifications shown at the bottom of the window. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const layer = useTopLayer();
  const dismiss = useCallback((id: number) => setNotices((current) => current.filter((notice) => notice.id !== id)), []);
  const show = useCallback(
    (severity: Notice['severity'], text: string, undo?: () => void) => {
      const id = Date.now() + Math.random();
      setNotices((current) => [...current.slice(-(MAX_NOTICES - 1)), { id, severity, text, undo }]);
      if (severity === 'success') setTimeout(() => dismiss(id), undo ? UNDOABLE_VISIBLE_MS : SUCCESS_VISIBLE_MS);
    },
    [dismiss],
  );
  const notify = useMemo<Notify>(
    () => ({
      success: (message, undo) => show('success', message, undo),
      error: (error, context) => show('error', `${context}: ${errorMessage(error)}`),
    }),
    [show],
  );
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Portal container={layer}>
        <Stack spacing={1} sx={{ position: 'fixed', bottom: 16, right: 16, zIndex: (theme) => theme.zIndex.snackbar, maxWidth: 480 }}>
          {notices.map((notice) => (
            <Alert
              key={notice.id}
              severity={notice.severity}
              variant="filled"
              role={notice.severity === 'error' ? 'alert' : 'status'}
              onClose={() => dismiss(notice.id)}
              action={notice.undo && <UndoActions onUndo={notice.undo} onDismiss={() => dismiss(notice.id)} />}
              slotProps={{ closeButton: { 'aria-label': 'Dismiss notification' } }}
            >
              {notice.text}
            </Alert>
          ))}
        </Stack>
      </Portal>
    </NotifyContext.Provider>
  );
}

/** The notification functions: `success(message)` and `error(error, context)`. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify() is used outside <NotifyProvider>.');
  return notify;
}
