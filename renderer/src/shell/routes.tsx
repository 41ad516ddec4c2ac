import { Navigate, useParams, useRouteError, type RouteObject } from 'react-router';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { ConnectionsScreen } from '../features/connections/connections-screen.tsx';
import { ExperimentPage } from '../features/experiment-detail/index.ts';
import { ProjectPage } from '../features/projects/project-page.tsx';
import { ProjectsScreen } from '../features/projects/projects-screen.tsx';
import { ModelPage, RegistryScreen } from '../features/registry/index.ts';
import { WebhooksScreen } from '../features/webhooks/index.ts';
import { errorMessage } from '../lib/errors.ts';
import { NotFound } from './not-found.tsx';
import { ShellRoot } from './shell-root.tsx';

function ExperimentRoute() {
  const { experimentKey = '' } = useParams();
  return <ExperimentPage key={experimentKey} experimentKey={experimentKey} />;
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
      { path: 'projects/:projectId', element: <ProjectPage /> },
      { path: 'experiments/:experimentKey', element: <ExperimentRoute /> },
      { path: 'registry', element: <RegistryScreen /> },
      { path: 'registry/:modelName', element: <ModelPage /> },
      { path: 'webhooks', element: <WebhooksScreen /> },
      { path: 'connections', element: <ConnectionsScreen /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
