import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { looksSecret, type HeaderDraft } from './webhook-model.ts';

/** A header as its form row holds it: a masked value is kept (never shown) until the user types a new one. */
export interface HeaderRow {
  name: string;
  input: string;
  /** The masked header kept while `input` is empty; undefined for values that are shown. */
  kept: HeaderDraft | undefined;
}

/** Whether a kept header has a value to keep: held by the service, or known here. */
const hasValue = (kept: HeaderDraft) => kept.value !== null || kept.stored === true;

/** Form rows for an entry's headers: masked values start empty. */
export function toHeaderRows(headers: readonly HeaderDraft[]): HeaderRow[] {
  return headers.map((row) => (row.masked ? { name: row.name, input: '', kept: row } : { name: row.name, input: row.value ?? '', kept: undefined }));
}

/**
 * The entry's headers from its form rows. A renamed header the service holds cannot take its stored value along
 * (the value is never known here): it then waits for a value.
 */
export function fromHeaderRows(rows: readonly HeaderRow[]): HeaderDraft[] {
  return rows.map((row) => {
    if (row.kept === undefined || row.input !== '') {
      return { name: row.name, value: row.input, masked: row.kept !== undefined || looksSecret(row.name, row.input) };
    }
    if (row.kept.stored && row.name.trim() !== row.kept.name) return { name: row.name, value: null, masked: true };
    return { ...row.kept, name: row.name };
  });
}

/** Edits the headers sent with every notification; secret-looking values are typed blind and stored ones never shown. */
export function HeaderRows({ rows, errors, onChange }: { rows: HeaderRow[]; errors: Record<string, string>; onChange: (rows: HeaderRow[]) => void }) {
  const update = (index: number, change: Partial<HeaderRow>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Headers sent with every notification
      </Typography>
      <Stack spacing={1.5}>
        {rows.map((row, index) => {
          const label = row.name.trim() || `header ${index + 1}`;
          const hidden = row.kept !== undefined || looksSecret(row.name, row.input);
          const error = errors[`header:${index}`];
          return (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={`Header ${index + 1} name`}
                value={row.name}
                onChange={(event) => update(index, { name: event.target.value })}
                error={Boolean(error)}
                helperText={error}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                label={`Value of ${label}`}
                type={hidden ? 'password' : 'text'}
                value={row.input}
                placeholder={row.kept === undefined ? '' : hasValue(row.kept) ? 'Hidden: type to replace' : 'Not in the file: enter it'}
                helperText={row.kept !== undefined && hasValue(row.kept) && row.input === '' ? 'The stored value is kept' : ' '}
                onChange={(event) => update(index, { input: event.target.value })}
                slotProps={{ htmlInput: { autoComplete: 'off' }, inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
              <IconButton aria-label={`Remove header ${label}`} onClick={() => onChange(rows.filter((_, at) => at !== index))}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...rows, { name: '', input: '', kept: undefined }])} sx={{ mt: 1 }}>
        Add header
      </Button>
    </Box>
  );
}
