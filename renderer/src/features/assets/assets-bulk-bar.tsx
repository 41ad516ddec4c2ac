import { Button, Toolbar, Typography } from '@mui/material';
import { BusyButton } from '../../shell/busy-button.tsx';
import type { AssetRecord } from './asset-record.ts';
import { tagsOf } from './asset-record.ts';
import { assetsLabel, type AssetActions } from './use-asset-actions.ts';

/** The selection and the commands on it. */
interface AssetsBulkBarProps {
  selected: readonly AssetRecord[];
  busy: string | null;
  /** Why the caller may not change the assets (see `useAssetActions`). */
  refusals: AssetActions['refusals'];
  onAddTags(): void;
  onRemoveTag(): void;
  onDelete(): void;
  onClear(): void;
}

/** Tags and delete for the selected assets. */
export function AssetsBulkBar({ selected, busy, refusals, onAddTags, onRemoveTag, onDelete, onClear }: AssetsBulkBarProps) {
  return (
    <Toolbar variant="dense" role="toolbar" aria-label="Actions on the selected assets" sx={{ gap: 1, flexWrap: 'wrap', bgcolor: 'action.selected', borderRadius: 1, mb: 1 }}>
      <Typography sx={{ mr: 1 }} aria-live="polite">
        {assetsLabel(selected)} selected
      </Typography>
      <BusyButton busy={busy === 'Add tags'} disabled={busy !== null} disabledReason={refusals.addTags} onClick={onAddTags}>
        Add tags…
      </BusyButton>
      <BusyButton busy={busy === 'Remove tag'} disabled={busy !== null || tagsOf(selected).length === 0} disabledReason={refusals.removeTag} onClick={onRemoveTag}>
        Remove tag…
      </BusyButton>
      <BusyButton busy={busy === 'Delete'} disabled={busy !== null} disabledReason={refusals.remove} color="error" onClick={onDelete}>
        Delete…
      </BusyButton>
      <Button onClick={onClear} sx={{ ml: 'auto' }}>
        Clear selection
      </Button>
    </Toolbar>
  );
}
