import KeyboardIcon from '@mui/icons-material/Keyboard';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { Alert, AppBar, Box, Drawer, IconButton, Link, Stack, Toolbar, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useOpenedInvitation } from '../features/connections/use-opened-invitation.ts';
import { useOpenedExperiment } from '../features/experiment-detail/use-opened-experiment.ts';
import { useOpenedView } from '../features/analysis/views/use-opened-view.ts';
import { WorkspacePicker } from '../features/workspaces/workspace-picker.tsx';
import { AlertBell } from '../features/alerts/alert-bell.tsx';
import { useActiveProfile } from '../lib/profiles.tsx';
import { useServiceStatusEvents } from '../lib/service-status.ts';
import { useWorkspace, useWorkspaceRole } from '../lib/workspace.ts';
import { BusyBar } from './busy-bar.tsx';
import { ColorSchemeMenu } from './color-scheme-menu.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { Navigation } from './navigation.tsx';
import { useNavigationCollapse } from './navigation-collapse.ts';
import { ProfileSwitcher } from './profile-switcher.tsx';
import { ServiceProblemBanner, ServiceStatusChip } from './service-status.tsx';
import { ShortcutDialog } from './shortcut-dialog.tsx';
import { useShortcut } from './shortcuts.tsx';

const DRAWER_WIDTH = 200;
const COLLAPSED_DRAWER_WIDTH = 56;

/**
 * The app frame: top bar (connection, workspace, service state), side navigation, and the current screen; an invitation
 * link the app was opened with leads to Connections, a run address to that run (here, so that it follows the first screen's own redirect).
 */
export function Layout({ appName, version }: { appName: string; version: string }) {
  useOpenedInvitation();
  useOpenedExperiment();
  useOpenedView();
  const profile = useActiveProfile();
  const workspace = useWorkspace();
  const role = useWorkspaceRole(workspace.workspaceName);
  const location = useLocation();
  const client = useQueryClient();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const navigation = useNavigationCollapse();
  const drawerWidth = navigation.collapsed ? COLLAPSED_DRAWER_WIDTH : DRAWER_WIDTH;
  useServiceStatusEvents();
  useShortcut('?', 'Show keyboard shortcuts', () => setShortcutsOpen(true), { group: 'Everywhere' });
  useShortcut('Shift+R', 'Reload data from the service', () => void client.invalidateQueries({ queryKey: [profile.id] }), {
    group: 'Everywhere',
  });
  return (
    <Box data-app-state={workspace.isLoading ? 'loading' : 'ready'} sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" color="default" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 2, pl: { xs: 1 } }}>
          <Tooltip title={navigation.collapsed ? 'Expand navigation' : 'Collapse navigation'}>
            <IconButton aria-label={navigation.collapsed ? 'Expand navigation' : 'Collapse navigation'} aria-expanded={!navigation.collapsed} onClick={navigation.toggle}>
              {navigation.collapsed ? <MenuIcon /> : <MenuOpenIcon />}
            </IconButton>
          </Tooltip>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 0, mr: 2, whiteSpace: 'nowrap' }}>
            {appName}
          </Typography>
          <ProfileSwitcher />
          <WorkspacePicker />
          <Box sx={{ flexGrow: 1 }} />
          {profile.kind === 'embedded' && <ServiceStatusChip />}
          <AlertBell />
          <ColorSchemeMenu />
          <Tooltip title="Keyboard shortcuts (?)">
            <IconButton aria-label="Keyboard shortcuts" onClick={() => setShortcutsOpen(true)}>
              <KeyboardIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
        <BusyBar />
      </AppBar>
      <Drawer variant="permanent" sx={{ width: drawerWidth, flexShrink: 0, '& .MuiDrawer-paper': { width: drawerWidth, overflowX: 'hidden' } }}>
        <Toolbar />
        <Stack sx={{ flexGrow: 1, justifyContent: 'space-between' }}>
          <Navigation collapsed={navigation.collapsed} />
          <Typography aria-label="version" variant="caption" color="text.secondary" sx={{ p: 2, display: navigation.collapsed ? 'none' : undefined }}>
            Version {version}
          </Typography>
        </Stack>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box sx={{ height: 2 }} />
        {profile.kind === 'embedded' && <ServiceProblemBanner />}
        {workspace.error && (
          <Alert severity="error" sx={{ borderRadius: 0 }}>
            Cannot load the workspaces of “{profile.name}”: {workspace.error.message}{' '}
            <Link component={RouterLink} to="/connections">
              Check the connection
            </Link>
          </Alert>
        )}
        {role === 'viewer' && workspace.workspaceName && (
          <Alert severity="info" sx={{ borderRadius: 0 }} aria-label="Your role">
            You are a viewer of “{workspace.workspaceName}”: you can read everything in it, and the service refuses changes. Ask one of its admins for the member role.
          </Alert>
        )}
        <ErrorBoundary key={location.pathname} what="This screen">
          <Outlet />
        </ErrorBoundary>
      </Box>
      <ShortcutDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </Box>
  );
}
