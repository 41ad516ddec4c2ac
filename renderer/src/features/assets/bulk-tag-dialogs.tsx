import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { AddTagsDialog } from '../../shell/add-tags-dialog.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { cleanTags } from './asset-record.ts';

/** Common props of the selection's tag dialogs. */
interface TagDialogProps {
  /** Names the assets, e.g. "3 assets". */
  target: string;
  busy: boolean;
  onClose(): void;
}

/** Adds tags (E48) to every selected asset. */
export function AddAssetTagsDialog({ target, ...props }: TagDialogProps & { suggestions: readonly string[]; onSubmit(tags: string[]): void }) {
  return <AddTagsDialog titleId="asset-tags-title" title={`Add tags to ${target}`} hint="Type a tag and press Enter to add another." clean={cleanTags} {...props} />;
}

/** Removes one tag (E49) from every selected asset that has it. */
export function RemoveTagDialog({ target, tags, busy, onSubmit, onClose }: TagDialogProps & { tags: readonly string[]; onSubmit(tag: string): void }) {
  const [tag, setTag] = useState(tags[0] ?? '');
  return (
    <Dialog open onClose={onClose} aria-labelledby="asset-untag-title" maxWidth="xs" fullWidth>
      <DialogTitle id="asset-untag-title">Remove a tag from {target}</DialogTitle>
      <DialogContent>
        <TextField select fullWidth label="Tag" value={tag} onChange={(event) => setTag(event.target.value)} sx={{ mt: 1 }}>
          {tags.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <BusyButton variant="contained" busy={busy} disabled={tag === ''} onClick={() => onSubmit(tag)}>
          Remove tag
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
