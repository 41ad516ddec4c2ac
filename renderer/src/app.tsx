import { CssBaseline, ThemeProvider, createTheme, useMediaQuery } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { RouterProvider, createHashRouter } from 'react-router';
import { useUiStore } from './lib/ui-store.ts';
import { ConfirmProvider } from './shell/confirm.tsx';
import { NotifyProvider } from './shell/notify.tsx';
import { appRoutes } from './shell/routes.tsx';
import { ShortcutProvider } from './shell/shortcuts.tsx';

/** The react-query client; no retries here, as the backend already retries idempotent reads on network errors and 5xx. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: false,
      },
    },
  });
}

/** The root of the renderer: theme (the user's choice of System, Light or Dark), server-state cache, notifications, confirmations, shortcuts and routes. */
export function App() {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const choice = useUiStore((state) => state.colorScheme);
  const mode = choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice;
  const theme = useMemo(() => createTheme({ palette: { mode } }), [mode]);
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createHashRouter(appRoutes));
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotifyProvider>
          <ConfirmProvider>
            <ShortcutProvider>
              <RouterProvider router={router} />
            </ShortcutProvider>
          </ConfirmProvider>
        </NotifyProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
