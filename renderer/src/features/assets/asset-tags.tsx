import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Chip, IconButton, Stack, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { RefusalTooltip } from '../../shell/refusal-tooltip.tsx';
import { cleanTags, type AssetRecord } from './asset-record.ts';
import type { AssetActions } from './use-asset-actions.ts';

/** One asset's tags and how they change. */
export interface AssetTagsProps {
  asset: AssetRecord;
  busy: boolean;
  /** Why the caller may not add or remove tags (see `useAssetActions`). */
  refusals: Pick<AssetActions['refusals'], 'addTags' | 'removeTag'>;
  /** Answers whether the service took the tags; when it did not, the typed text comes back for another try. */
  onAdd(tags: string[]): Promise<boolean>;
  onRemove(tag: string): void;
}

/** The tags of one asset, each removable (E49), and an inline field to add more (E48; commas separate several). */
export function AssetTags({ asset, busy, refusals, onAdd, onRemove }: AssetTagsProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const discard = useRef(false);
  /** Leaving the field adds what was typed (Enter leaves it too); Escape leaves it without adding. */
  const close = () => {
    const typed = draft;
    const tags = discard.current ? [] : cleanTags(typed.split(','));
    discard.current = false;
    setDraft('');
    setEditing(false);
    if (tags.length === 0) return;
    void onAdd(tags).then((added) => {
      if (added) return;
      setDraft(typed);
      setEditing(true);
    });
  };
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} aria-label={`Tags of ${asset.fileName}`}>
      {asset.tags.map((tag) => (
        <Chip
          key={tag}
          size="small"
          label={
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              {tag}
              <RefusalTooltip reason={refusals.removeTag}>
                <IconButton
                  size="small"
                  disabled={busy || refusals.removeTag !== undefined}
                  onClick={() => onRemove(tag)}
                  aria-label={`Remove tag ${tag} from ${asset.fileName}`}
                  sx={{ ml: 0.25, mr: -0.75, p: 0.25 }}
                >
                  <CloseIcon sx={{ fontSize: 14 }} />
                </IconButton>
              </RefusalTooltip>
            </Stack>
          }
        />
      ))}
      {editing ? (
        <TextField
          size="small"
          autoFocus
          value={draft}
          placeholder="tag, another"
          onChange={(event) => setDraft(event.target.value)}
          onBlur={close}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== 'Escape') return;
            event.preventDefault();
            discard.current = event.key === 'Escape';
            (event.target as HTMLElement).blur();
          }}
          slotProps={{ htmlInput: { 'aria-label': `New tags for ${asset.fileName}` } }}
          sx={{ width: 140 }}
        />
      ) : (
        <RefusalTooltip reason={refusals.addTags}>
          <IconButton size="small" disabled={busy || refusals.addTags !== undefined} onClick={() => setEditing(true)} aria-label={`Add tags to ${asset.fileName}`}>
            <AddIcon fontSize="small" />
          </IconButton>
        </RefusalTooltip>
      )}
    </Stack>
  );
}
