import { Divider, ListItemText, Menu, MenuItem } from '@mui/material';
import { useNavigate } from 'react-router';
import { BULK_ACTIONS, type BulkActionId } from './bulk-actions.ts';
import type { Access } from '../../lib/access.ts';
import type { ExperimentCommand } from './experiment-access.ts';
import { rowLabel, type ExperimentRow } from './experiment-row.ts';

/** A single-experiment command chosen from a row's menu. */
export type RowCommand = 'rename' | 'times' | 'tags' | BulkActionId;

const LIFECYCLE: readonly BulkActionId[] = ['stop', 'archive', 'restore', 'delete'];

/** What a row's menu acts on, whether the caller may run each command, and what to do. */
interface RowMenuProps {
  row: ExperimentRow;
  anchor: HTMLElement;
  accessOf(command: ExperimentCommand): Access;
  onCommand(command: RowCommand): void;
  onClose(): void;
}

/** The menu of one row: open, rename, set times, add tags, and the lifecycle actions its state allows; those the caller may not run are disabled with the reason. */
export function RowMenu({ row, anchor, accessOf, onCommand, onClose }: RowMenuProps) {
  const navigate = useNavigate();
  const live = row.state !== 'trash';
  const choose = (command: RowCommand) => {
    onClose();
    onCommand(command);
  };
  /** A command's item: disabled, with the reason under its label, when the caller may not run it. */
  const item = (command: RowCommand, label: string) => {
    const { reason } = accessOf(command);
    return (
      <MenuItem key={command} disabled={reason !== undefined} onClick={() => choose(command)}>
        <ListItemText primary={label} secondary={reason} />
      </MenuItem>
    );
  };
  return (
    <Menu open anchorEl={anchor} onClose={onClose} slotProps={{ list: { 'aria-label': `Actions for ${rowLabel(row)}` } }}>
      {live && <MenuItem onClick={() => void navigate(`/experiments/${encodeURIComponent(row.key)}`)}>Open</MenuItem>}
      {live && item('rename', 'Rename…')}
      {live && item('times', 'Set start and end time…')}
      {live && item('tags', 'Add tags…')}
      {live && <Divider />}
      {LIFECYCLE.filter((action) => BULK_ACTIONS[action].applies(row)).map((action) => item(action, BULK_ACTIONS[action].label))}
    </Menu>
  );
}
