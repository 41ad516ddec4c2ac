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
  TextField,
} from '@mui/material';
import { useState, useSyncExternalStore } from 'react';
import type { LazyRowData } from './lazy-row-data.ts';
import type { QueryName } from '../../../../shared/query/suggest.ts';
import { addColumn, columnId, columnLabel, type SummaryAggregate, type SummaryColumn } from './summary-columns.ts';

/** What the columns dialog edits. */
interface ColumnsDialogProps {
  columns: readonly SummaryColumn[];
  /** Where the names seen in the rows on screen come from (offered when the service cannot list the project's names). */
  lazy: LazyRowData;
  /** The project's metric and parameter names (project/column-names). */
  projectNames: readonly QueryName[];
  onChange(columns: readonly SummaryColumn[]): void;
  onClose(): void;
}

const AGGREGATES: readonly SummaryAggregate[] = ['current', 'min', 'max'];

/** Every column that can be added: each metric's last, minimum and maximum, and each parameter's value, less those shown. */
export function columnChoices(names: readonly QueryName[], shown: readonly SummaryColumn[]): SummaryColumn[] {
  const taken = new Set(shown.map(columnId));
  const all = names.flatMap((item): SummaryColumn[] =>
    item.kind === 'metric' ? AGGREGATES.map((aggregate) => ({ kind: 'metric', name: item.name, aggregate })) : item.kind === 'param' ? [{ kind: 'param', name: item.name, aggregate: 'current' }] : [],
  );
  return all.filter((column) => !taken.has(columnId(column)));
}

/** Chooses the metric and parameter summary columns: a column is added by picking it from the project's names. */
export function ColumnsDialog({ columns, lazy, projectNames, onChange, onClose }: ColumnsDialogProps) {
  useSyncExternalStore(lazy.subscribe, lazy.getVersion);
  const names: readonly QueryName[] =
    projectNames.length > 0
      ? projectNames
      : [...lazy.names('metric').map((name): QueryName => ({ name, kind: 'metric' })), ...lazy.names('param').map((name): QueryName => ({ name, kind: 'param' }))];
  const [input, setInput] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby="columns-title" maxWidth="sm" fullWidth>
      <DialogTitle id="columns-title">Summary columns</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Show a metric’s or a parameter’s summary as a column: pick it below. The columns, the sort and the filter stay with this
          project until you change them.
        </DialogContentText>
        <Autocomplete
          size="small"
          options={columnChoices(names, columns)}
          groupBy={(column) => (column.kind === 'metric' ? 'Metrics' : 'Parameters')}
          getOptionLabel={columnLabel}
          isOptionEqualToValue={(a, b) => columnId(a) === columnId(b)}
          value={null}
          inputValue={input}
          onInputChange={(_event, value, reason) => setInput(reason === 'reset' ? '' : value)}
          onChange={(_event, column) => {
            if (column) onChange(addColumn(columns, column));
            setInput('');
          }}
          noOptionsText="No metric or parameter logged in this project yet"
          renderInput={(params) => <TextField {...params} label="Add a column" autoFocus />}
        />
        <List dense aria-label="Chosen columns" sx={{ mt: 2 }}>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
