import type { ComponentType } from 'react';
import { replace, useRouteError, type RouteObject } from 'react-router';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { ProjectsScreen } from '../features/projects/projects-screen.tsx';
import { errorMessage } from '../lib/errors.ts';
import { NotFound } from './not-found.tsx';
import { ShellRoot } from './shell-root.tsx';

/** The screens fetched on first need (each its own chunk), keeping the start-up bundle small. */
const screens = {
  project: async () => (await import('../features/projects/project-page.tsx')).ProjectPage,
  analysis: async () => (await import('../features/analysis/index.ts')).AnalysisScreen,
  experiment: async () => (await import('../features/experiment-detail/index.ts')).ExperimentRoute,
  registry: async () => (await import('../features/registry/index.ts')).RegistryScreen,
  model: async () => (await import('../features/registry/index.ts')).ModelPage,
  version: async () => (await import('../features/registry/index.ts')).VersionPage,
  requests: async () => (await import('../features/registry/index.ts')).RequestsScreen,
  artifacts: async () => (await import('../features/artifacts/index.ts')).ArtifactsScreen,
  artifact: async () => (await import('../features/artifacts/index.ts')).ArtifactPage,
  webhooks: async () => (await import('../features/webhooks/index.ts')).WebhooksScreen,
  members: async () => (await import('../features/members/index.ts')).MembersScreen,
  keys: async () => (await import('../features/account/index.ts')).MyKeysScreen,
  audit: async () => (await import('../features/audit/index.ts')).AuditScreen,
  users: async () => (await import('../features/users/index.ts')).UsersScreen,
  connections: async () => (await import('../features/connections/connections-screen.tsx')).ConnectionsScreen,
} satisfies Record<string, () => Promise<ComponentType>>;

/** A route whose screen is fetched on its first visit, unless `prefetchScreens` got it first. */
function loadedOnVisit(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

/** Fetches every screen's chunk in the background (call once the app is idle), so a first visit does not wait for it. */
export function prefetchScreens(): void {
  for (const load of Object.values(screens)) void load();
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

/** The app's screens: `/projects`, `/projects/:projectId`, `/projects/:projectId/analysis`, `/experiments/:experimentKey`, `/registry`, `/registry/:modelName`, `/registry/:modelName/:version`, `/artifacts`, `/artifacts/:artifactName`, `/requests`, `/webhooks`, `/members`, `/keys`, `/audit`, `/users`, `/connections`. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <ShellRoot />,
    errorElement: <RootError />,
    children: [
      // The first screen's default is the router's own step, taken before anything renders: a frame drawn again from an
      // older location (a connection switch remounts it while a busy machine still holds a navigation back) cannot repeat it.
      { index: true, loader: () => replace('/projects') },
      { path: 'projects', element: <ProjectsScreen /> },
      loadedOnVisit('projects/:projectId', screens.project),
      loadedOnVisit('projects/:projectId/analysis', screens.analysis),
      loadedOnVisit('experiments/:experimentKey', screens.experiment),
      loadedOnVisit('registry', screens.registry),
      loadedOnVisit('registry/:modelName', screens.model),
      loadedOnVisit('registry/:modelName/:version', screens.version),
      loadedOnVisit('artifacts', screens.artifacts),
      loadedOnVisit('artifacts/:artifactName', screens.artifact),
      loadedOnVisit('requests', screens.requests),
      loadedOnVisit('webhooks', screens.webhooks),
      loadedOnVisit('members', screens.members),
      loadedOnVisit('keys', screens.keys),
      loadedOnVisit('audit', screens.audit),
      loadedOnVisit('users', screens.users),
      loadedOnVisit('connections', screens.connections),
      { path: '*', element: <NotFound /> },
    ],
  },
];
