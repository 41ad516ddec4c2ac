import { Button, Stack, Toolbar, Typography } from '@mui/material';
import { BusyButton } from '../../shell/busy-button.tsx';
import { applicableRows, BULK_ACTIONS, movable, type BulkActionId } from './bulk-actions.ts';
import { MAX_COMPARED } from './compare-data.ts';
import type { ExperimentCommand } from './experiment-access.ts';
import type { ExperimentRow } from './experiment-row.ts';
import type { Access } from '../../lib/access.ts';
import type { RunningAction } from './use-experiment-actions.ts';
import { formatCount, plural } from '../../lib/format.ts';

const ACTION_ORDER: readonly BulkActionId[] = ['stop', 'archive', 'restore', 'delete'];

/** What the bar acts on and the commands it offers. */
interface BulkBarProps {
  selected: readonly ExperimentRow[];
  /** How many more selected experiments the filter hides (kept selected, not acted on). */
  hidden: number;
  busy: RunningAction | null;
  /** Whether the caller may run each command (see `useExperimentAccess`). */
  accessOf(command: ExperimentCommand): Access;
  onAction(action: BulkActionId): void;
  onMove(symlink: boolean): void;
  onTags(): void;
  onRemoveTags(): void;
  /** Copy (or move) to another connection. */
  onCopy(move: boolean): void;
  onCompare(): void;
  /** Opens the project's analysis view on the selected runs. */
  onAnalyse(): void;
  onClear(): void;
}

/** The commands for the selected experiments; each button says how many of them it applies to. */
export function BulkBar({ selected, hidden, busy, accessOf, onAction, onMove, onTags, onRemoveTags, onCopy, onCompare, onAnalyse, onClear }: BulkBarProps) {
  const movableCount = applicableRows(selected, movable).length;
  const label = (text: string, count: number) => (count === selected.length ? text : `${text} (${count})`);
  return (
    <Toolbar
      variant="dense"
      role="toolbar"
      aria-label="Actions on the selected experiments"
      sx={{ gap: 1, flexWrap: 'wrap', bgcolor: 'action.selected', mx: 1.5, mb: 1, borderRadius: 1 }}
    >
      <Typography sx={{ mr: 1 }} aria-live="polite">
        {plural(selected.length, 'experiment')} selected
        {hidden > 0 && ` · ${formatCount(hidden)} more hidden by the filter`}
      </Typography>
      {ACTION_ORDER.map((action) => {
        const spec = BULK_ACTIONS[action];
        const count = applicableRows(selected, spec.applies).length;
        const running = busy === action;
        return (
          <BusyButton
            key={action}
            busy={running}
            disabled={count === 0 || (busy !== null && !running)}
            disabledReason={accessOf(action).reason}
            color={action === 'delete' ? 'error' : 'primary'}
            onClick={() => onAction(action)}
          >
            {label(spec.label, count)}
          </BusyButton>
        );
      })}
      <Stack direction="row" spacing={1}>
        <BusyButton busy={busy === 'move'} disabled={movableCount === 0 || busy !== null} disabledReason={accessOf('move').reason} onClick={() => onMove(false)}>
          {label('Move…', movableCount)}
        </BusyButton>
        <BusyButton busy={busy === 'symlink'} disabled={movableCount === 0 || busy !== null} disabledReason={accessOf('symlink').reason} onClick={() => onMove(true)}>
          {label('Symlink…', movableCount)}
        </BusyButton>
        <BusyButton busy={busy === 'tag'} disabled={movableCount === 0 || busy !== null} disabledReason={accessOf('tag').reason} onClick={onTags}>
          {label('Add tags…', movableCount)}
        </BusyButton>
        <BusyButton busy={busy === 'untag'} disabled={movableCount === 0 || busy !== null} disabledReason={accessOf('untag').reason} onClick={onRemoveTags}>
          {label('Remove tags…', movableCount)}
        </BusyButton>
        <BusyButton disabled={movableCount === 0 || busy !== null} disabledReason={accessOf('copyOut').reason} onClick={() => onCopy(false)}>
          {label('Copy to connection…', movableCount)}
        </BusyButton>
        <BusyButton disabled={movableCount === 0 || busy !== null} disabledReason={accessOf('moveOut').reason} onClick={() => onCopy(true)}>
          {label('Move to connection…', movableCount)}
        </BusyButton>
      </Stack>
      <Button
        disabled={selected.length < 2 || selected.length > MAX_COMPARED}
        title={selected.length > MAX_COMPARED ? `Select at most ${MAX_COMPARED} experiments to compare.` : undefined}
        onClick={onCompare}
      >
        Compare metrics…
      </Button>
      <Button onClick={onAnalyse}>Compare in analysis</Button>
      <Button onClick={onClear} sx={{ ml: 'auto' }}>
        Clear selection
      </Button>
    </Toolbar>
  );
}
