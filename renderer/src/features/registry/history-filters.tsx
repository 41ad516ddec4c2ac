import { MenuItem, Stack, TextField } from '@mui/material';
import type { RegistryActionType } from '../../../../shared/api/registry-items.ts';
import { ACTION_LABELS, historyChoices, type HistoryEvent, type HistoryFilter } from './version-history.ts';

/** One filter of the history: a select whose first choice means "all". */
function FilterSelect({ label, all, value, choices, onChange }: { label: string; all: string; value: string; choices: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 180 }}>
      <MenuItem value="">{all}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Props of HistoryFilters: the events, the filter, and whether the history covers several versions (else no version filter). */
interface HistoryFiltersProps {
  events: readonly HistoryEvent[];
  filter: HistoryFilter;
  onChange: (filter: HistoryFilter) => void;
  severalVersions: boolean;
}

/** The history's filters (version, kind of change, user), offering the values that occur; a chosen value stays offered. */
export function HistoryFilters({ events, filter, onChange, severalVersions }: HistoryFiltersProps) {
  const choices = historyChoices(events);
  const keep = <T extends string>(values: T[], chosen: T | ''): T[] => (chosen === '' || values.includes(chosen) ? values : [...values, chosen]);
  const named = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }} role="group" aria-label="History filters">
      {severalVersions && <FilterSelect label="Version" all="All versions" value={filter.version} choices={named(keep(choices.versions, filter.version))} onChange={(version) => onChange({ ...filter, version })} />}
      <FilterSelect
        label="Kind of change"
        all="All changes"
        value={filter.action}
        choices={keep(choices.actions, filter.action).map((action) => ({ value: action, label: ACTION_LABELS[action] }))}
        onChange={(action) => onChange({ ...filter, action: action as RegistryActionType | '' })}
      />
      <FilterSelect label="User" all="All users" value={filter.userName} choices={named(keep(choices.userNames, filter.userName))} onChange={(userName) => onChange({ ...filter, userName })} />
    </Stack>
  );
}
