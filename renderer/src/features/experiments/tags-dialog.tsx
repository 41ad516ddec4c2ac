import { Autocomplete, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { BusyButton } from '../../shell/busy-button.tsx';
import { cleanTags } from './tags.ts';

/** What the tags dialog adds tags to. */
export interface TagsDialogProps {
  /** Names the experiments, e.g. "“run-1” and “run-2”". */
  target: string;
  /** Tags to suggest (those used in the project). */
  suggestions: readonly string[];
  busy: boolean;
  onSubmit(tags: string[]): void;
  onClose(): void;
}

/** Adds tags (E37) to one or more experiments; tags cannot be removed through the API, so it says so. */
export function TagsDialog({ target, suggestions, busy, onSubmit, onClose }: TagsDialogProps) {
  const [tags, setTags] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const pending = cleanTags([...tags, draft]);
  return (
    <Dialog open onClose={onClose} aria-labelledby="tags-title" maxWidth="sm" fullWidth>
      <DialogTitle id="tags-title">Add tags</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Tags for {target}. Type a tag and press Enter to add another. Tags cannot be removed afterwards.
        </DialogContentText>
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
