import { Autocomplete, Chip, TextField } from '@mui/material';
import { useApiQuery } from '../../lib/api.ts';
import { stageSuggestions } from './stages.ts';

/** Stage names to suggest: those used by the given versions and the workspace's latest versions, then the common ones. */
export function useStageSuggestions(workspaceName: string, versions: readonly { stages: readonly string[] }[]): string[] {
  const models = useApiQuery('listRegistryModels', { workspaceName });
  const latest = (models.data?.registryModels ?? []).map((model) => model.latestVersion?.stages ?? []);
  return stageSuggestions([...versions.map((version) => version.stages), ...latest]);
}

/** Several stage names: suggestions offered, any text allowed (Enter adds it). */
export function StagesField({ value, onChange, suggestions, label = 'Stages' }: { value: string[]; onChange: (stages: string[]) => void; suggestions: readonly string[]; label?: string }) {
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={suggestions.filter((stage) => !value.includes(stage))}
      value={value}
      onChange={(_, stages) => onChange([...new Set(stages.map((stage) => stage.trim()).filter(Boolean))])}
      renderValue={(stages, getItemProps) => stages.map((stage, index) => <Chip size="small" label={stage} {...getItemProps({ index })} key={stage} />)}
      renderInput={(params) => <TextField {...params} label={label} helperText="Pick a suggestion or type any name and press Enter." />}
    />
  );
}

/** One stage name: suggestions offered, any text allowed. */
export function StageNameField({ value, onChange, suggestions, exclude }: { value: string; onChange: (stage: string) => void; suggestions: readonly string[]; exclude: readonly string[] }) {
  return (
    <Autocomplete
      freeSolo
      options={suggestions.filter((stage) => !exclude.includes(stage))}
      inputValue={value}
      onInputChange={(_, text) => onChange(text)}
      renderInput={(params) => <TextField {...params} label="Stage to add" size="small" />}
      sx={{ minWidth: 220 }}
    />
  );
}
