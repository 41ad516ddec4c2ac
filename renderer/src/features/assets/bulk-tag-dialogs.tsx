import { Autocomplete, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
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
export function AddTagsDialog({ target, suggestions, busy, onSubmit, onClose }: TagDialogProps & { suggestions: readonly string[]; onSubmit(tags: string[]): void }) {
  const [tags, setTags] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const pending = cleanTags([...tags, draft]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="asset-tags-title" maxWidth="sm" fullWidth>
      <DialogTitle id="asset-tags-title">Add tags to {target}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Type a tag and press Enter to add another.</DialogContentText>
        <Autocomplete
          multiple
          freeSolo
          options={[...suggestions]}
          value={tags}
          inputValue={draft}
          onInputChange={(_event, value) => setDraft(value)}
          onChange={(_event, value) => setTags(cleanTags(value))}
          renderValue={(values, getItemProps) =>
            values.map((tag, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} label={tag} size="small" {...itemProps} />;
            })
          }
          renderInput={(params) => <TextField {...params} label="Tags" autoFocus />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <BusyButton variant="contained" busy={busy} disabled={pending.length === 0} onClick={() => onSubmit(pending)}>
          Add tags
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
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
