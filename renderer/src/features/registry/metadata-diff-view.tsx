import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { compactJson, type MetadataChange } from './metadata-diff.ts';

const KIND_WORDS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;
const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere', maxWidth: 260 } as const;

/** The changes a metadata save makes, one row per key path (old and new values in one line), with removals called out. */
export function MetadataDiffView({ changes }: { changes: readonly MetadataChange[] }) {
  if (changes.length === 0) return <Alert severity="info">Nothing changed: the text holds the metadata already saved.</Alert>;
  const removed = changes.filter((change) => change.kind === 'removed').length;
  return (
    <>
      {removed > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {removed === 1 ? '1 value is removed' : `${removed} values are removed`} from the metadata by this save.
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label="Metadata changes">
          <TableHead>
            <TableRow>
              <TableCell>Change</TableCell>
              <TableCell>Key</TableCell>
              <TableCell>Before</TableCell>
              <TableCell>After</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((change) => (
              <TableRow key={change.path}>
                <TableCell>{KIND_WORDS[change.kind]}</TableCell>
                <TableCell sx={mono}>{change.path}</TableCell>
                <TableCell sx={mono}>{change.kind === 'added' ? '—' : compactJson(change.before)}</TableCell>
                <TableCell sx={mono}>{change.kind === 'removed' ? '—' : compactJson(change.after)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
