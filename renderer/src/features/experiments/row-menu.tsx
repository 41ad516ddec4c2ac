import { Divider, Menu, MenuItem } from '@mui/material';
import { useNavigate } from 'react-router';
import { BULK_ACTIONS, type BulkActionId } from './bulk-actions.ts';
import { rowLabel, type ExperimentRow } from './experiment-row.ts';

/** A single-experiment command chosen from a row's menu. */
export type RowCommand = 'rename' | 'times' | 'tags' | BulkActionId;

const LIFECYCLE: readonly BulkActionId[] = ['stop', 'archive', 'restore', 'delete'];

/** The menu of one row: open, rename, set times, add tags, and the lifecycle actions its state allows. */
export function RowMenu({ row, anchor, onCommand, onClose }: { row: ExperimentRow; anchor: HTMLElement; onCommand(command: RowCommand): void; onClose(): void }) {
  const navigate = useNavigate();
  const live = row.state !== 'trash';
  const choose = (command: RowCommand) => {
    onClose();
    onCommand(command);
  };
  return (
    <Menu open anchorEl={anchor} onClose={onClose} slotProps={{ list: { 'aria-label': `Actions for ${rowLabel(row)}` } }}>
      {live && <MenuItem onClick={() => void navigate(`/experiments/${encodeURIComponent(row.key)}`)}>Open</MenuItem>}
      {live && <MenuItem onClick={() => choose('rename')}>Rename…</MenuItem>}
      {live && <MenuItem onClick={() => choose('times')}>Set start and end time…</MenuItem>}
      {live && <MenuItem onClick={() => choose('tags')}>Add tags…</MenuItem>}
      {live && <Divider />}
      {LIFECYCLE.filter((action) => BULK_ACTIONS[action].applies(row)).map((action) => (
        <MenuItem key={action} onClick={() => choose(action)}>
          {BULK_ACTIONS[action].label}
        </MenuItem>
      ))}
    </Menu>
  );
}
