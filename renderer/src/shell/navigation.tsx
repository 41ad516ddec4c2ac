import ApprovalIcon from '@mui/icons-material/Approval';
import CableIcon from '@mui/icons-material/Cable';
import DatasetIcon from '@mui/icons-material/Dataset';
import FolderIcon from '@mui/icons-material/Folder';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import InventoryIcon from '@mui/icons-material/Inventory';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Badge, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useAccess } from '../lib/access.ts';
import { useApiQuery } from '../lib/api.ts';
import { useWorkspace } from '../lib/workspace.ts';
import { useShortcut } from './shortcuts.tsx';

/** A main screen's link. */
interface MainScreen {
  path: string;
  label: string;
  icon: ReactElement;
  /** Shown only to someone who may call this endpoint (a screen for service admins stays out of everyone else's way). */
  shownTo?: 'listUsers';
  /** Listed without an Alt+digit (added after the digits were given out, which users already know). */
  noDigit?: true;
}

/** The main screens, in navigation order: the one list both the links and their Alt+digit shortcuts come from. */
const mainScreens: readonly MainScreen[] = [
  { path: '/projects', label: 'Projects', icon: <FolderIcon /> },
  { path: '/registry', label: 'Registry', icon: <InventoryIcon /> },
  { path: '/artifacts', label: 'Artifacts', icon: <DatasetIcon />, noDigit: true },
  { path: '/requests', label: 'Requests', icon: <ApprovalIcon /> },
  { path: '/webhooks', label: 'Webhooks', icon: <WebhookIcon /> },
  { path: '/members', label: 'Members', icon: <GroupIcon /> },
  { path: '/keys', label: 'My keys', icon: <VpnKeyIcon /> },
  { path: '/audit', label: 'Audit trail', icon: <HistoryIcon /> },
  { path: '/users', label: 'Users', icon: <ManageAccountsIcon />, shownTo: 'listUsers' },
  { path: '/connections', label: 'Connections', icon: <CableIcon /> },
];

/** How often the navigation looks for requests waiting for the user's approval. */
const REQUEST_COUNT_REFRESH_MS = 10_000;

/** How many pending promotion requests of the workspace the user may approve (0 when the service has no requests). */
function useRequestsToApprove(): number {
  const { workspaceName } = useWorkspace();
  const query = { workspaceName: workspaceName ?? '', state: 'pending' as const, mayApprove: true };
  const requests = useApiQuery('listPromotionRequests', query, { enabled: Boolean(workspaceName), refetchInterval: REQUEST_COUNT_REFRESH_MS, retry: false });
  return requests.data?.requests.length ?? 0;
}

/** Alt+digit to the screen at that place in the navigation (Alt+1 the first; only digits 1–9 exist). */
function ScreenShortcut({ place, path, label }: { place: number; path: string; label: string }) {
  const navigate = useNavigate();
  useShortcut(`Alt+${place}`, `Go to ${label}`, () => void navigate(path), { group: 'Everywhere' });
  return null;
}

/** The side navigation between the main screens (icons only when collapsed), with Alt+digit shortcuts in the same order and the count of requests to approve. */
export function Navigation({ collapsed = false }: { collapsed?: boolean }) {
  const toApprove = useRequestsToApprove();
  const usersAllowed = useAccess('listUsers', null).allowed;
  const shown = (screen: MainScreen) => screen.shownTo === undefined || usersAllowed;
  const screens = mainScreens.filter(shown);
  return (
    <nav aria-label="Main">
      {/* Each screen keeps its digit whoever signs in (Alt+9 is Connections for everyone). */}
      {mainScreens.filter((screen) => !screen.noDigit).slice(0, 9).map((screen, index) => shown(screen) && <ScreenShortcut key={screen.path} place={index + 1} path={screen.path} label={screen.label} />)}
      <List>
        {screens.map((screen) => {
          const count = screen.path === '/requests' ? toApprove : 0;
          const name = count > 0 ? `${screen.label} (${count} to approve)` : screen.label;
          return (
            <Tooltip key={screen.path} title={collapsed ? name : ''} placement="right">
              <ListItemButton component={NavLink} to={screen.path} aria-label={name} sx={{ '&.active': { bgcolor: 'action.selected' }, minHeight: 44 }}>
                <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>
                  <Badge badgeContent={count} color="primary" invisible={!collapsed}>
                    {screen.icon}
                  </Badge>
                </ListItemIcon>
                {!collapsed && (
                  <ListItemText primary={screen.path === '/requests' ? <Badge badgeContent={count} color="primary" sx={{ pr: 1.5 }}>{screen.label}</Badge> : screen.label} />
                )}
              </ListItemButton>
            </Tooltip>
          );
        })}
      </List>
    </nav>
  );
}
