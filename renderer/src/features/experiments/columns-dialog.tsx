import DeleteIcon from '@mui/icons-material/Delete';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState, useSyncExternalStore } from 'react';
import type { LazyRowData } from './lazy-row-data.ts';
import { addColumn, columnId, columnLabel, type SummaryAggregate, type SummaryColumn, type SummaryKind } from './summary-columns.ts';

/** What the columns dialog edits. */
interface ColumnsDialogProps {
  columns: readonly SummaryColumn[];
  /** Where the names seen in the rows on screen come from (offered as suggestions). */
  lazy: LazyRowData;
  onChange(columns: readonly SummaryColumn[]): void;
  onClose(): void;
}

/** Chooses the metric and parameter summary columns; values are fetched for the rows on screen only. */
export function ColumnsDialog({ columns, lazy, onChange, onClose }: ColumnsDialogProps) {
  useSyncExternalStore(lazy.subscribe, lazy.getVersion);
  const [kind, setKind] = useState<SummaryKind>('metric');
  const [name, setName] = useState('');
  const [aggregate, setAggregate] = useState<SummaryAggregate>('current');
  const add = () => {
    onChange(addColumn(columns, { kind, name, aggregate }));
    setName('');
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="columns-title" maxWidth="sm" fullWidth>
      <DialogTitle id="columns-title">Summary columns</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Show a metric’s or a parameter’s summary as a column. Values load for the rows on screen as you scroll; suggestions come
          from those rows.
        </DialogContentText>
        <List dense aria-label="Chosen columns">
          {columns.length === 0 && <ListItem>No summary columns yet.</ListItem>}
          {columns.map((column) => (
            <ListItem
              key={columnId(column)}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove column ${columnLabel(column)}`}
                  onClick={() => onChange(columns.filter((other) => columnId(other) !== columnId(column)))}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={columnLabel(column)} secondary={column.kind === 'metric' ? 'Metric' : 'Parameter'} />
            </ListItem>
          ))}
        </List>
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
          <TextField select size="small" label="Kind" value={kind} onChange={(event) => setKind(event.target.value as SummaryKind)} sx={{ width: 140 }}>
            <MenuItem value="metric">Metric</MenuItem>
            <MenuItem value="param">Parameter</MenuItem>
          </TextField>
          <Autocomplete
            freeSolo
            size="small"
            options={lazy.names(kind)}
            inputValue={name}
            onInputChange={(_event, value) => setName(value)}
            renderInput={(params) => <TextField {...params} label={kind === 'metric' ? 'Metric name' : 'Parameter name'} />}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            size="small"
            label="Value"
            value={aggregate}
            onChange={(event) => setAggregate(event.target.value as SummaryAggregate)}
            sx={{ width: 120 }}
          >
            <MenuItem value="current">Last</MenuItem>
            <MenuItem value="min">Minimum</MenuItem>
            <MenuItem value="max">Maximum</MenuItem>
          </TextField>
          <Button variant="outlined" onClick={add} disabled={name.trim() === ''}>
            Add column
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
