import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, Chip, Divider, ListItemText, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { viewAddress, openViewAppLink } from '../../../../../shared/links/view-link.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { BusyButton } from '../../../shell/busy-button.tsx';
import { useConfirm } from '../../../shell/confirm.tsx';
import { useNotify } from '../../../shell/notify.tsx';
import type { ViewSession } from './use-view-session.ts';
import { ViewNameDialog } from './view-name-dialog.tsx';

type NameDialog = { kind: 'saveAs' | 'rename' } | null;

/** The analysis screen's view controls: the open view's name and whether it has unsaved changes, the saved views, save, rename, delete and its link. */
export function ViewPicker({ session }: { session: ViewSession }) {
  const { saved, accessOf } = session;
  const notify = useNotify();
  const confirm = useConfirm();
  const baseUrl = useActiveProfile().baseUrl;
  const [listAnchor, setListAnchor] = useState<HTMLElement | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<NameDialog>(null);
  const [saving, setSaving] = useState(false);
  const views = session.views.data?.views ?? [];

  const save = async () => {
    if (!saved) return setDialog({ kind: 'saveAs' });
    setSaving(true);
    try {
      await session.save();
      notify.success(`Saved view “${saved.name}”.`);
    } catch (error) {
      notify.error(error, 'Could not save the view');
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    setMoreAnchor(null);
    if (!saved || !(await confirm({ title: 'Delete view', message: `Delete the view “${saved.name}” for everyone who can read the project? The panels on screen stay until you leave.`, confirmLabel: 'Delete view', destructive: true }))) return;
    await session.remove().then(() => notify.success(`Deleted view “${saved.name}”.`), (error: unknown) => notify.error(error, 'Could not delete the view'));
  };
  const copyLink = () => {
    setMoreAnchor(null);
    if (!saved) return;
    const link = openViewAppLink(viewAddress(baseUrl, saved.viewId));
    navigator.clipboard.writeText(link).then(
      () => notify.success('Link to the view copied: whoever opens it in Trackdesk with a connection to this service sees the view.'),
      (error: unknown) => notify.error(error, 'Could not copy the link'),
    );
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} role="group" aria-label="Saved view">
      <Typography variant="subtitle1" data-testid="current-view">
        {saved ? `View: ${saved.name}` : 'Unsaved view'}
      </Typography>
      {saved && session.unsaved && <Chip size="small" color="warning" variant="outlined" label="Unsaved changes" />}
      {session.view.isError && <Chip size="small" color="error" variant="outlined" label="The view in the address could not be read" title={session.view.error.message} />}
      <Button size="small" endIcon={<ExpandMoreIcon />} onClick={(event) => setListAnchor(event.currentTarget)} aria-haspopup="menu">
        Views
      </Button>
      <Menu anchorEl={listAnchor} open={listAnchor !== null} onClose={() => setListAnchor(null)}>
        {views.length === 0 && <MenuItem disabled>No saved views in this project yet</MenuItem>}
        {views.map((view) => (
          <MenuItem
            key={view.viewId}
            selected={view.viewId === saved?.viewId}
            onClick={() => {
              setListAnchor(null);
              session.open(view.viewId).catch((error: unknown) => notify.error(error, 'Could not open the view'));
            }}
          >
            <ListItemText primary={view.name} secondary={`Changed by ${view.updatedBy}`} />
          </MenuItem>
        ))}
      </Menu>
      <BusyButton size="small" variant="outlined" busy={saving} disabledReason={(saved ? accessOf.save : accessOf.saveAs).reason} disabled={saved !== undefined && !session.unsaved} onClick={() => void save()}>
        Save view
      </BusyButton>
      <BusyButton size="small" disabledReason={accessOf.saveAs.reason} onClick={() => setDialog({ kind: 'saveAs' })}>
        Save as…
      </BusyButton>
      <Button size="small" disabled={!saved} onClick={(event) => setMoreAnchor(event.currentTarget)} aria-haspopup="menu">
        View actions
      </Button>
      <Menu anchorEl={moreAnchor} open={moreAnchor !== null} onClose={() => setMoreAnchor(null)}>
        <MenuItem onClick={copyLink}>Copy link</MenuItem>
        <Divider />
        <MenuItem
          disabled={!accessOf.rename.allowed}
          onClick={() => {
            setMoreAnchor(null);
            setDialog({ kind: 'rename' });
          }}
        >
          Rename…
        </MenuItem>
        <MenuItem disabled={!accessOf.remove.allowed} onClick={() => void remove()}>
          Delete…
        </MenuItem>
        {accessOf.remove.reason && <MenuItem disabled>{accessOf.remove.reason}</MenuItem>}
      </Menu>
      {dialog?.kind === 'saveAs' && (
        <ViewNameDialog title="Save as a new view" submitLabel="Save view" initial={saved ? `${saved.name} (copy)` : ''} onSave={session.saveAs} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'rename' && saved && <ViewNameDialog title={`Rename view “${saved.name}”`} submitLabel="Rename" initial={saved.name} onSave={session.rename} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
