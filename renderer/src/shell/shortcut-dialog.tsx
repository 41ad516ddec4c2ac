import { Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow, Typography, Button, DialogActions } from '@mui/material';
import { describeKeyCombo } from './key-combo.ts';
import { useShortcutList } from './shortcuts.tsx';

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);

/** The list of the keyboard shortcuts that work right now, grouped by where they apply. */
export function ShortcutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const shortcuts = useShortcutList();
  const groups = [...new Set(shortcuts.map((shortcut) => shortcut.group))];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcut-list-title" maxWidth="xs" fullWidth>
      <DialogTitle id="shortcut-list-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        {groups.map((group) => (
          <section key={group} aria-label={group}>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              {group}
            </Typography>
            <Table size="small">
              <TableBody>
                {shortcuts
                  .filter((shortcut) => shortcut.group === group)
                  .map((shortcut) => (
                    <TableRow key={shortcut.id}>
                      <TableCell sx={{ width: '35%' }}>
                        <kbd>{describeKeyCombo(shortcut.keys, isMac)}</kbd>
                      </TableCell>
                      <TableCell>{shortcut.description}</TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          </section>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
