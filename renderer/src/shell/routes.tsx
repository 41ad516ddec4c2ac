import type { ComponentType } from 'react';
import { Navigate, useRouteError, type RouteObject } from 'react-router';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { ProjectsScreen } from '../features/projects/projects-screen.tsx';
import { errorMessage } from '../lib/errors.ts';
import { NotFound } from './not-found.tsx';
import { ShellRoot } from './shell-root.tsx';

/** A route whose screen is fetched on its first visit (its own chunk), keeping the start-up bundle small. */
function loadedOnVisit(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

function RootError() {
  const error = useRouteError();
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="error" action={<Button color="inherit" onClick={() => window.location.reload()}>Reload</Button>}>
        <AlertTitle>Trackdesk hit an unexpected problem</AlertTitle>
        {errorMessage(error)}
      </Alert>
    </Box>
  );
}

/** The app's screens: `/projects`, `/projects/:projectId`, `/experiments/:experimentKey`, `/registry`, `/registry/:modelName`, `/webhooks`, `/connections`. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <ShellRoot />,
    errorElement: <RootError />,
    children: [
      { index: true, element: <Navigate to="/projects" replace /> },
      { path: 'projects', element: <ProjectsScreen /> },
      loadedOnVisit('projects/:projectId', async () => (await import('../features/projects/project-page.tsx')).ProjectPage),
      loadedOnVisit('experiments/:experimentKey', async () => (await import('../features/experiment-detail/index.ts')).ExperimentRoute),
      loadedOnVisit('registry', async () => (await import('../features/registry/index.ts')).RegistryScreen),
      loadedOnVisit('registry/:modelName', async () => (await import('../features/registry/index.ts')).ModelPage),
      loadedOnVisit('webhooks', async () => (await import('../features/webhooks/index.ts')).WebhooksScreen),
      loadedOnVisit('connections', async () => (await import('../features/connections/connections-screen.tsx')).ConnectionsScreen),
      { path: '*', element: <NotFound /> },
    ],
  },
];
