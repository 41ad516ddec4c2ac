import { Autocomplete, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { BusyButton } from './busy-button.tsx';

/** Props of AddTagsDialog: what it says, which tags it suggests and how typed tags are cleaned. */
interface AddTagsDialogProps {
  /** Id of the title element (the dialog's accessible name). */
  titleId: string;
  title: ReactNode;
  /** The text above the tag field. */
  hint: ReactNode;
  suggestions: readonly string[];
  /** Cleans the typed tags (trims, drops empty and duplicate ones) as the endpoint expects them. */
  clean(tags: readonly string[]): string[];
  busy: boolean;
  onSubmit(tags: string[]): void;
  onClose(): void;
}

/** A dialog to type several tags (with suggestions) and add them; the tag still being typed counts too. */
export function AddTagsDialog({ titleId, title, hint, suggestions, clean, busy, onSubmit, onClose }: AddTagsDialogProps) {
  const [tags, setTags] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const pending = clean([...tags, draft]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{hint}</DialogContentText>
        <Autocomplete
          multiple
          freeSolo
          options={[...suggestions]}
          value={tags}
          inputValue={draft}
          onInputChange={(_event, value) => setDraft(value)}
          onChange={(_event, value) => setTags(clean(value))}
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
