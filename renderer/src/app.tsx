import { CssBaseline, ThemeProvider, Typography, createTheme, useMediaQuery, Box, Alert } from '@mui/material';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { invoke } from './bridge.ts';

const queryClient = new QueryClient();

/** The root of the renderer: theme following the OS, server-state cache, and the app's screens. */
export function App() {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const theme = useMemo(() => createTheme({ palette: { mode: prefersDark ? 'dark' : 'light' } }), [prefersDark]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <Home />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

function Home() {
  const info = useQuery({ queryKey: ['app.info'], queryFn: () => invoke('app.info', {}) });
  useEffect(() => {
    if (info.data) document.title = `${info.data.name} ${info.data.version}`;
  }, [info.data]);
  if (info.error) return <Alert severity="error">{info.error.message}</Alert>;
  if (!info.data) return null;
  return (
    <Box component="main" data-app-state="ready" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1">
        {info.data.name}
      </Typography>
      <Typography aria-label="version">Version {info.data.version}</Typography>
    </Box>
  );
}
