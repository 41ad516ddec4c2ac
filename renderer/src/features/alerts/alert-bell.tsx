import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { BACKGROUND_READ, useApiMutation, useApiQuery } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useWorkspace } from '../../lib/workspace.ts';
import { useDesktopNotifications } from './desktop-notifications.ts';
import { MyAlertsDialog } from './my-alerts-dialog.tsx';

/** How often the bell looks for what fired (the service evaluates the rules; the app only reads the feed). */
const POLL_MILLIS = 5_000;

/** The bell in the app bar: what my alert rules fired (also while the app was closed), marked read per user; a click opens the run. */
export function AlertBell() {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const { workspaceName } = useWorkspace();
  const feed = useApiQuery('listAlertNotifications', { limit: 30 }, { refetchInterval: POLL_MILLIS, meta: BACKGROUND_READ, retry: false });
  const markRead = useApiMutation('markAlertNotificationsRead', { invalidate: ['listAlertNotifications'] });
  const openRun = useCallback((experimentKey: string) => void navigate(`/experiments/${experimentKey}`), [navigate]);
  useDesktopNotifications(feed.data?.notifications, openRun);
  const unread = feed.data?.unread ?? 0;
  const items = feed.data?.notifications ?? [];
  return (
    <>
      <Tooltip title="Alerts">
        <IconButton aria-label={unread > 0 ? `Alerts, ${unread} unread` : 'Alerts'} onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxWidth: 420 } } }}>
        {items.length === 0 && <MenuItem disabled>Nothing has fired yet.</MenuItem>}
        {items.map((item) => (
          <MenuItem
            key={item.notificationId}
            onClick={() => {
              setAnchor(null);
              if (!item.read) markRead.mutate({ body: { notificationIds: [item.notificationId] } });
              openRun(item.experimentKey);
            }}
          >
            <ListItemText
              primary={<Typography variant="body2" sx={{ fontWeight: item.read ? 'normal' : 'bold' }}>{item.title}</Typography>}
              secondary={`${item.message} · ${formatDateTime(item.createdAt)}`}
            />
          </MenuItem>
        ))}
        <Divider />
        {unread > 0 && <MenuItem onClick={() => markRead.mutate({ body: {} })}>Mark all read</MenuItem>}
        <MenuItem
          disabled={!workspaceName}
          onClick={() => {
            setAnchor(null);
            setRulesOpen(true);
          }}
        >
          My alerts…
        </MenuItem>
      </Menu>
      {rulesOpen && workspaceName && <MyAlertsDialog workspaceName={workspaceName} onClose={() => setRulesOpen(false)} />}
    </>
  );
}
