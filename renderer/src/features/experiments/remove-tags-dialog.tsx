import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, FormGroup } from '@mui/material';
import { useState } from 'react';
import { BusyButton } from '../../shell/busy-button.tsx';
import type { ExperimentRow } from './experiment-row.ts';

/** What the dialog removes tags from. */
interface RemoveTagsDialogProps {
  /** Names the experiments, e.g. "“run-1” and “run-2”". */
  target: string;
  /** The experiments, with their tags. */
  rows: readonly ExperimentRow[];
  busy: boolean;
  onSubmit(tags: string[]): void;
  onClose(): void;
}

/** Each tag of the rows with how many of them carry it, in the order first met. */
function tagCounts(rows: readonly ExperimentRow[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const row of rows) for (const tag of row.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts];
}

/** Picks which of the selected experiments' tags to remove from all of them (Undo puts them back). */
export function RemoveTagsDialog({ target, rows, busy, onSubmit, onClose }: RemoveTagsDialogProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const counts = tagCounts(rows);
  const toggle = (tag: string) => setChosen((current) => (current.has(tag) ? new Set([...current].filter((item) => item !== tag)) : new Set([...current, tag])));
  return (
    <Dialog open onClose={onClose} aria-labelledby="remove-tags-title" maxWidth="sm" fullWidth>
      <DialogTitle id="remove-tags-title">Remove tags</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {counts.length === 0 ? `${rows.length === 1 ? 'This experiment has' : 'These experiments have'} no tags.` : `Choose the tags to remove from ${target}. You can put them back with Undo.`}
        </DialogContentText>
        <FormGroup>
          {counts.map(([tag, count]) => (
            <FormControlLabel
              key={tag}
              control={<Checkbox checked={chosen.has(tag)} onChange={() => toggle(tag)} />}
              label={rows.length > 1 ? `${tag} (on ${count} of ${rows.length})` : tag}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <BusyButton variant="contained" busy={busy} disabled={chosen.size === 0} onClick={() => onSubmit(counts.map(([tag]) => tag).filter((tag) => chosen.has(tag)))}>
          Remove tags
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
