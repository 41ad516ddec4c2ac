import { Alert, Box, List, ListItem, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { hasChanges, type ConfigDiff, type EntryChange } from './webhook-diff.ts';
import { describeScope } from './webhook-model.ts';

/** "1 entry", "3 entries". */
export const entriesText = (count: number): string => `${count} ${count === 1 ? 'entry' : 'entries'}`;

function ChangeList({ title, changes, tone }: { title: string; changes: readonly EntryChange[]; tone: 'added' | 'changed' | 'removed' | 'kept' }) {
  if (changes.length === 0) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" color={tone === 'removed' ? 'error' : tone === 'added' ? 'success.main' : 'text.primary'}>
        {title}
      </Typography>
      <List dense disablePadding>
        {changes.map(({ entry, changes: fields }) => (
          <ListItem key={entry.id} disableGutters sx={{ display: 'block' }} aria-label={`${entry.url} for ${describeScope(entry.modelName)}`}>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
              {entry.url} <Typography component="span" variant="body2" color="text.secondary">for {describeScope(entry.modelName)}</Typography>
            </Typography>
            {tone !== 'kept' && fields.length > 0 && (
              <Table size="small" aria-label={`Changes to ${entry.url}`} sx={{ mt: 0.5, mb: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Field</TableCell>
                    <TableCell>Before</TableCell>
                    <TableCell>After</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {fields.map((field) => (
                    <TableRow key={field.field}>
                      <TableCell>{field.field}</TableCell>
                      <TableCell>{field.before}</TableCell>
                      <TableCell>{field.after}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** Exactly what saving does to the service's configuration, entry by entry and field by field, secrets masked. */
export function ConfigDiffView({ diff }: { diff: ConfigDiff }) {
  if (!hasChanges(diff)) {
    return (
      <Alert severity="info">
        {diff.mode === 'merge' && diff.missing.length > 0
          ? 'Merging changes nothing: the only differences are removals, and a merge never removes entries. Choose replace to remove them.'
          : 'Nothing to save: the configuration is the same as on the service.'}
      </Alert>
    );
  }
  return (
    <Box>
      <ChangeList title={`Added (${diff.added.length})`} changes={diff.added} tone="added" />
      <ChangeList title={`Changed (${diff.changed.length})`} changes={diff.changed} tone="changed" />
      {diff.mode === 'replace' ? (
        <ChangeList title={`Removed (${diff.missing.length})`} changes={diff.missing} tone="removed" />
      ) : (
        <ChangeList title={`Left in place: a merge never removes (${diff.missing.length})`} changes={diff.missing} tone="kept" />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {diff.unchanged.length > 0 ? `${entriesText(diff.unchanged.length)} unchanged.` : 'No other entries.'}
      </Typography>
    </Box>
  );
}
