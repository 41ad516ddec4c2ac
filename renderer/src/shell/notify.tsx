import { Alert, Portal, Stack } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/errors.ts';
import { useTopLayer } from './top-layer.ts';

/** Shows results and failures of what the user did. */
interface Notify {
  /** A short confirmation (hides itself after a few seconds). */
  success(message: string): void;
  /** A failure: `context` says what the user was doing, followed by the server's message (stays until closed). */
  error(error: unknown, context: string): void;
}

interface Notice {
  id: number;
  severity: 'success' | 'error';
  text: string;
}

const SUCCESS_VISIBLE_MS = 5000;
const MAX_NOTICES = 4;

const NotifyContext = createContext<Notify | undefined>(undefined);

/** Hosts the notifications shown at the bottom of the window. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const layer = useTopLayer();
  const dismiss = useCallback((id: number) => setNotices((current) => current.filter((notice) => notice.id !== id)), []);
  const show = useCallback(
    (severity: Notice['severity'], text: string) => {
      const id = Date.now() + Math.random();
      setNotices((current) => [...current.slice(-(MAX_NOTICES - 1)), { id, severity, text }]);
      if (severity === 'success') setTimeout(() => dismiss(id), SUCCESS_VISIBLE_MS);
    },
    [dismiss],
  );
  const notify = useMemo<Notify>(
    () => ({
      success: (message) => show('success', message),
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
