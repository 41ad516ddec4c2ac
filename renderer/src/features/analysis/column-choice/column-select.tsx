import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useApiQuery, type ApiReply } from '../../../lib/api.ts';
import { choiceId, choiceLabel, choicesOf, type ColumnChoice, type ProjectChoices, type Stat } from './column-choice.ts';

const STATS: readonly Stat[] = ['last', 'min', 'max'];

/** How long names just read are used as they are when a panel mounts. */
const NAMES_FRESH_MS = 10_000;

/** Every metric with each of its summaries (last, min, max). */
export const withStats = (metrics: readonly ColumnChoice[]): ColumnChoice[] => metrics.flatMap((metric) => STATS.map((stat) => ({ ...metric, stat })));

/**
 * The project's parameters and metrics as choices (metrics with each summary), read with `read.projectColumns`;
 * `loaded` as soon as names are at hand, cached ones included (a panel then picks its first axes at once).
 */
export function useProjectChoices(projectId: string) {
  // Read again when a panel mounts, in the background, unless names were read moments ago (the filter box reads them
  // as the view opens; a second read would queue before the panel's runs on the service); always when they named no
  // metric or parameter. Names logged since are offered once in; cached ones let the panel draw at once.
  const columns = useApiQuery(
    'getProjectColumns',
    { projectId },
    { staleTime: NAMES_FRESH_MS, refetchOnMount: (query) => (projectChoicesOf(query.state.data).loaded ? true : 'always'), refetchOnWindowFocus: false, retry: false },
  );
  return useMemo(() => projectChoicesOf(columns.data), [columns.data]);
}

/** A project's choices (see `useProjectChoices`) from its column list as read, or not yet read (undefined). */
export function projectChoicesOf(columns: ApiReply<'getProjectColumns'> | undefined): ProjectChoices {
  const { params, metrics } = choicesOf(columns?.columns);
  return { params, metrics: withStats(metrics), loaded: columns !== undefined && params.length + metrics.length > 0 };
}

/** A drop-down of `options`, `value` shown selected (or none). */
export function ColumnSelect({ label, options, value, onChange }: { label: string; options: readonly ColumnChoice[]; value: ColumnChoice | null; onChange(choice: ColumnChoice): void }) {
  const byId = new Map(options.map((option) => [choiceId(option), option]));
  const id = value ? choiceId(value) : '';
  return (
    <TextField
      select
      size="small"
      label={label}
      value={byId.has(id) ? id : ''}
      onChange={(event) => {
        const choice = byId.get(event.target.value);
        if (choice) onChange(choice);
      }}
      sx={{ minWidth: 140 }}
    >
      {options.map((option) => (
        <MenuItem key={choiceId(option)} value={choiceId(option)}>
          {choiceLabel(option)} {option.kind === 'param' ? '· parameter' : '· metric'}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A multiple choice of `options` with chips. */
export function ColumnsSelect({ label, options, value, onChange }: { label: string; options: readonly ColumnChoice[]; value: readonly ColumnChoice[]; onChange(choices: ColumnChoice[]): void }) {
  return (
    <Autocomplete
      multiple
      size="small"
      options={[...options]}
      value={[...value]}
      getOptionLabel={choiceLabel}
      isOptionEqualToValue={(option, chosen) => choiceId(option) === choiceId(chosen)}
      onChange={(_, choices) => onChange(choices)}
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={{ minWidth: 220, flexGrow: 1 }}
    />
  );
}
