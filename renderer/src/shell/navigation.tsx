import { Badge, List, ListItemButton, ListItemText } from '@mui/material';
import { NavLink, useNavigate } from 'react-router';
import { useApiQuery } from '../lib/api.ts';
import { useWorkspace } from '../lib/workspace.ts';
import { useShortcut } from './shortcuts.tsx';

/** The main screens, in navigation order (Alt+1…4 jump to them in their older order; Alt+5 to Requests, Alt+6 to Members). */
const mainScreens = [
  { path: '/projects', label: 'Projects' },
  { path: '/registry', label: 'Registry' },
  { path: '/requests', label: 'Requests' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/members', label: 'Members' },
  { path: '/keys', label: 'My keys' },
  { path: '/audit', label: 'Audit trail' },
  { path: '/users', label: 'Users' },
  { path: '/connections', label: 'Connections' },
] as const;

/** How often the navigation looks for requests waiting for the user's approval. */
const REQUEST_COUNT_REFRESH_MS = 10_000;

/** How many pending promotion requests of the workspace the user may approve (0 when the service has no requests). */
function useRequestsToApprove(): number {
  const { workspaceName } = useWorkspace();
  const query = { workspaceName: workspaceName ?? '', state: 'pending' as const, mayApprove: true };
  const requests = useApiQuery('listPromotionRequests', query, { enabled: Boolean(workspaceName), refetchInterval: REQUEST_COUNT_REFRESH_MS, retry: false });
  return requests.data?.requests.length ?? 0;
}

/** The side navigation between the main screens, with Alt+digit shortcuts and the count of requests to approve. */
export function Navigation() {
  const navigate = useNavigate();
  const toApprove = useRequestsToApprove();
  const [projects, registry, requests, webhooks, members, , , , connections] = mainScreens;
  useShortcut('Alt+1', `Go to ${projects.label}`, () => void navigate(projects.path), { group: 'Everywhere' });
  useShortcut('Alt+2', `Go to ${registry.label}`, () => void navigate(registry.path), { group: 'Everywhere' });
  useShortcut('Alt+3', `Go to ${webhooks.label}`, () => void navigate(webhooks.path), { group: 'Everywhere' });
  useShortcut('Alt+4', `Go to ${connections.label}`, () => void navigate(connections.path), { group: 'Everywhere' });
  useShortcut('Alt+5', `Go to ${requests.label}`, () => void navigate(requests.path), { group: 'Everywhere' });
  useShortcut('Alt+6', `Go to ${members.label}`, () => void navigate(members.path), { group: 'Everywhere' });
  return (
    <nav aria-label="Main">
      <List>
        {mainScreens.map((screen) => (
          <ListItemButton
            key={screen.path}
            component={NavLink}
            to={screen.path}
            aria-label={screen.path === '/requests' && toApprove > 0 ? `${screen.label} (${toApprove} to approve)` : screen.label}
            sx={{ '&.active': { bgcolor: 'action.selected' } }}
          >
            <ListItemText primary={screen.path === '/requests' ? <Badge badgeContent={toApprove} color="primary" sx={{ pr: 1.5 }}>{screen.label}</Badge> : screen.label} />
          </ListItemButton>
        ))}
      </List>
    </nav>
  );
}
