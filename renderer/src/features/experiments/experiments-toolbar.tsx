import CodeIcon from '@mui/icons-material/Code';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Autocomplete, Button, IconButton, InputAdornment, Stack, TextField, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { memo, startTransition, useMemo, useState, type RefObject } from 'react';
import { suggestNames, type QueryName } from '../../../../shared/query/suggest.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { EXPERIMENT_STATES, STATE_LABELS, type ExperimentState } from './experiment-row.ts';

/** What the filter box shows and reports. */
interface FilterFieldProps {
  /** The text kept for the project (the box starts with it). */
  initialText: string;
  onText(text: string): void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The project's metric and parameter names, offered as the name being typed is completed. */
  names: readonly QueryName[];
  /** Why the service (or the grammar) refused the text, if it did. */
  error: string | null;
  /** Called when the box gains focus (the names may have grown since they were read). */
  onFocus(): void;
}

/**
 * The filter box: a query (`lr = 0.003 and loss.min < 0.2`) or plain words, completing names as they are typed. Its
 * text is its own state (a keystroke renders the box alone) and reaches `onText` in a transition, so filtering 100,000
 * rows and drawing the table never hold up typing. Memoized.
 */
export const FilterField = memo(function FilterField({ initialText, onText, inputRef, names, error, onFocus }: FilterFieldProps) {
  const [text, setText] = useState(initialText);
  const [caret, setCaret] = useState(initialText.length);
  const suggestions = useMemo(() => suggestNames(text, caret, names), [text, caret, names]);
  const change = (next: string, at: number) => {
    setText(next);
    setCaret(at);
    startTransition(() => onText(next));
  };
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={suggestions.options}
      filterOptions={(options) => options}
      inputValue={text}
      value={null}
      onInputChange={(event, value, reason) => {
        if (reason !== 'input') return;
        const target = event?.target as HTMLInputElement | undefined;
        change(value, target?.selectionStart ?? value.length);
      }}
      onChange={(_event, picked) => {
        if (typeof picked !== 'string') return;
        const next = `${text.slice(0, suggestions.from)}${picked} ${text.slice(suggestions.to).trimStart()}`;
        change(next, suggestions.from + picked.length + 1);
      }}
      sx={{ minWidth: 340 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Filter experiments"
          placeholder="lr = 0.003 and loss.min < 0.2, or a name, key or tag"
          inputRef={inputRef}
          error={error !== null}
          helperText={error ?? undefined}
          onFocus={onFocus}
          onSelect={(event) => setCaret((event.target as HTMLInputElement).selectionStart ?? text.length)}
          slotProps={{
            ...params.slotProps,
            // No spell checking: its idle-time pass after each keystroke forces a layout of the page.
            htmlInput: { ...params.slotProps.htmlInput, spellCheck: false, autoComplete: 'off' },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
});

/** What the toolbar's other controls show and change. */
interface ToolbarProps {
  states: ReadonlySet<ExperimentState>;
  onStates(states: ReadonlySet<ExperimentState>): void;
  tagOptions: readonly { tag: string; count: number }[];
  tags: readonly string[];
  onTags(tags: string[]): void;
  /** False when the service cannot list the project's tags at once: the tag filter is off. */
  tagsListed: boolean;
  onColumns(): void;
  onCreate(): void;
  canCreate: boolean;
  /** Why the caller may not make an experiment here (see `useAccess`). */
  createRefusal: string | undefined;
  onRefresh(): void;
  /** Opens "Log from your code" for this project. */
  onLogFromCode(): void;
}

/** Filters by state and tags, and the table's commands (columns, reload, new experiment); memoized. */
export const ToolbarControls = memo(function ToolbarControls(props: ToolbarProps) {
  const options = props.tagOptions.map((option) => option.tag);
  const counts = new Map(props.tagOptions.map((option) => [option.tag, option.count]));
  return (
    <>
      <ToggleButtonGroup
        size="small"
        aria-label="Filter by state"
        value={[...props.states]}
        onChange={(_event, value: ExperimentState[]) => props.onStates(new Set(value))}
      >
        {EXPERIMENT_STATES.map((state) => (
          <ToggleButton key={state} value={state} aria-label={`Show ${STATE_LABELS[state].toLowerCase()} experiments`}>
            {STATE_LABELS[state]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Tooltip title={props.tagsListed ? '' : 'This service cannot list a project’s tags at once, so the table cannot filter by tag.'}>
        <Autocomplete
          multiple
          size="small"
          options={options}
          value={[...props.tags]}
          onChange={(_event, value) => props.onTags(value)}
          disabled={!props.tagsListed}
          getOptionLabel={(tag) => tag}
          renderOption={(optionProps, tag) => {
            const { key, ...rest } = optionProps;
            return (
              <li key={key} {...rest}>
                {tag} ({counts.get(tag) ?? 0})
              </li>
            );
          }}
          renderInput={(params) => <TextField {...params} label="Filter by tags" />}
          sx={{ minWidth: 220 }}
        />
      </Tooltip>
      <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
        <Button startIcon={<CodeIcon />} onClick={props.onLogFromCode}>
          Log from your code
        </Button>
        <Button startIcon={<ViewColumnIcon />} onClick={props.onColumns}>
          Summary columns
        </Button>
        <Tooltip title="Reload the experiments">
          <IconButton aria-label="Reload the experiments" onClick={props.onRefresh}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <BusyButton variant="contained" startIcon={<AddIcon />} onClick={props.onCreate} disabled={!props.canCreate} disabledReason={props.createRefusal}>
          New experiment
        </BusyButton>
      </Stack>
    </>
  );
});
