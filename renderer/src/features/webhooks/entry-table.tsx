import { Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { BusyButton } from '../../shell/busy-button.tsx';
import { breaksLongText, givesWayWhenNarrow, stickyActionsCell } from '../../shell/table-layout.ts';
import type { ConfigDiff } from './webhook-diff.ts';
import { MASK, triggersText, type WebhookEntry } from './webhook-model.ts';

/** Where an entry stands against the service: unchanged, added or edited here, or removed here (until saved). */
type EntryState = 'saved' | 'new' | 'edited' | 'removed';

const STATE_LABEL: Record<EntryState, string> = { saved: 'saved', new: 'new, not saved', edited: 'edited, not saved', removed: 'removed, not saved' };
const STATE_COLOR = { saved: 'default', new: 'success', edited: 'warning', removed: 'error' } as const;

/** The rows to show: every edited entry and every saved entry removed here, each with its state (from a replace-mode diff). */
export function entryRows(diff: ConfigDiff, edited: readonly WebhookEntry[]): { entry: WebhookEntry; state: EntryState }[] {
  const added = new Set(diff.added.map((change) => change.entry));
  const changed = new Set(diff.changed.map((change) => change.entry));
  const rows = edited.map((entry) => ({ entry, state: (added.has(entry) ? 'new' : changed.has(entry) ? 'edited' : 'saved') as EntryState }));
  return [...rows, ...diff.missing.map((change) => ({ entry: change.entry, state: 'removed' as const }))];
}

/** The workspace's webhook entries as edited: scope, name, address, headers (secrets masked), triggers, secret, state, actions. */
export function EntryTable({
  rows,
  onEdit,
  onRemove,
  onRestore,
  onTest,
  readOnly = false,
  testRefusal,
}: {
  rows: readonly { entry: WebhookEntry; state: EntryState }[];
  /** For members and viewers: tests may be sent, nothing changed. */
  readOnly?: boolean;
  /** Why the caller may not send tests (see `useSendTest`). */
  testRefusal: string | undefined;
  onEdit: (entry: WebhookEntry) => void;
  onRemove: (entry: WebhookEntry) => void;
  onRestore: (entry: WebhookEntry) => void;
  onTest: (entry: WebhookEntry) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Webhook entries">
        <TableHead>
          <TableRow>
            <TableCell>Notifies about</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Address</TableCell>
            <TableCell sx={givesWayWhenNarrow}>Headers</TableCell>
            <TableCell>Triggers</TableCell>
            <TableCell sx={givesWayWhenNarrow}>Signing secret</TableCell>
            <TableCell>State</TableCell>
            <TableCell align="right" sx={stickyActionsCell}>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ entry, state }) => (
            <TableRow key={`${state}:${entry.id}`} sx={state === 'removed' ? { '& td': { textDecoration: 'line-through', color: 'text.disabled' } } : undefined}>
              <TableCell>{entry.modelName ? `Model ${entry.modelName}` : 'Every model'}</TableCell>
              <TableCell>{entry.name || '—'}</TableCell>
              <TableCell sx={[breaksLongText, { maxWidth: 280 }]}>{entry.url}</TableCell>
              <TableCell sx={givesWayWhenNarrow}>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {entry.headers.length === 0 && '—'}
                  {entry.headers.map((row) => (
                    <Chip key={row.name} size="small" variant="outlined" label={`${row.name}: ${row.masked ? MASK : (row.value ?? 'to be entered')}`} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>{triggersText(entry.triggers)}</TableCell>
              <TableCell sx={givesWayWhenNarrow}>{entry.secret.action === 'set' ? 'new secret' : entry.secret.action === 'clear' ? 'removed' : entry.hasSecret ? 'set' : 'none'}</TableCell>
              <TableCell>
                <Chip size="small" color={STATE_COLOR[state]} variant={state === 'saved' ? 'outlined' : 'filled'} label={STATE_LABEL[state]} />
              </TableCell>
              <TableCell align="right" sx={[stickyActionsCell, { whiteSpace: 'nowrap', '& button': { textDecoration: 'none' } }]}>
                {state === 'removed' ? (
                  <Button size="small" aria-label={`Undo removal of ${entry.url}`} onClick={() => onRestore(entry)}>
                    Undo
                  </Button>
                ) : (
                  <>
                    <BusyButton size="small" aria-label={`Send test to ${entry.url}`} disabled={state === 'new'} disabledReason={testRefusal} onClick={() => onTest(entry)}>
                      Send test
                    </BusyButton>
                    {!readOnly && (
                      <>
                        <Button size="small" aria-label={`Edit ${entry.url}`} onClick={() => onEdit(entry)}>
                          Edit
                        </Button>
                        <Button size="small" color="error" aria-label={`Remove ${entry.url}`} onClick={() => onRemove(entry)}>
                          Remove
                        </Button>
                      </>
                    )}
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.some((row) => row.state === 'edited') && (
        <Typography variant="caption" color="text.secondary">
          Send test uses the configuration saved on the service, not unsaved edits.
        </Typography>
      )}
    </TableContainer>
  );
}
