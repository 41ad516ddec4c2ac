import { List, ListItemButton, ListItemText } from '@mui/material';
import { NavLink, useNavigate } from 'react-router';
import { useShortcut } from './shortcuts.tsx';

/** The main screens, in navigation order (Alt+1… jumps to them). */
const mainScreens = [
  { path: '/projects', label: 'Projects' },
  { path: '/registry', label: 'Registry' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/connections', label: 'Connections' },
] as const;

/** The side navigation between the main screens, with Alt+digit shortcuts. */
export function Navigation() {
  const navigate = useNavigate();
  const [projects, registry, webhooks, connections] = mainScreens;
  useShortcut('Alt+1', `Go to ${projects.label}`, () => void navigate(projects.path), { group: 'Everywhere' });
  useShortcut('Alt+2', `Go to ${registry.label}`, () => void navigate(registry.path), { group: 'Everywhere' });
  useShortcut('Alt+3', `Go to ${webhooks.label}`, () => void navigate(webhooks.path), { group: 'Everywhere' });
  useShortcut('Alt+4', `Go to ${connections.label}`, () => void navigate(connections.path), { group: 'Everywhere' });
  return (
    <nav aria-label="Main">
      <List>
        {mainScreens.map((screen) => (
          <ListItemButton key={screen.path} component={NavLink} to={screen.path} sx={{ '&.active': { bgcolor: 'action.selected' } }}>
            <ListItemText primary={screen.label} />
          </ListItemButton>
        ))}
      </List>
    </nav>
  );
}
