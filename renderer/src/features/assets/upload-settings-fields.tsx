import { Autocomplete, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { AUTOMATIC_TYPE, KNOWN_TYPES } from './asset-types.ts';
import type { UploadSettingsErrors, UploadSettingsForm } from './upload-settings.ts';

/** The settings form's value, its problems, and how it changes. */
interface UploadSettingsFieldsProps {
  value: UploadSettingsForm;
  errors: UploadSettingsErrors;
  onChange(value: UploadSettingsForm): void;
}

/** Type, step, context, metadata, tags and overwrite, applied to the files added next. */
export function UploadSettingsFields({ value, errors, onChange }: UploadSettingsFieldsProps) {
  const set = <K extends keyof UploadSettingsForm>(field: K, next: UploadSettingsForm[K]) => onChange({ ...value, [field]: next });
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Autocomplete
          freeSolo
          options={[AUTOMATIC_TYPE, ...KNOWN_TYPES]}
          inputValue={value.type}
          onInputChange={(_event, text) => set('type', text)}
          sx={{ minWidth: 220 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Type"
              size="small"
              error={errors.type !== undefined}
              helperText={errors.type ?? (value.type === AUTOMATIC_TYPE ? 'From the file extension' : ' ')}
            />
          )}
        />
        <TextField
          label="Step"
          size="small"
          value={value.step}
          onChange={(event) => set('step', event.target.value)}
          error={errors.step !== undefined}
          helperText={errors.step ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 140 }}
        />
        <TextField
          label="Context"
          size="small"
          value={value.context}
          onChange={(event) => set('context', event.target.value)}
          error={errors.context !== undefined}
          helperText={errors.context ?? ' '}
          sx={{ flexGrow: 1 }}
        />
      </Stack>
      <TextField
        label="Metadata (JSON object)"
        size="small"
        multiline
        minRows={1}
        maxRows={6}
        value={value.metadata}
        onChange={(event) => set('metadata', event.target.value)}
        error={errors.metadata !== undefined}
        helperText={errors.metadata ?? ' '}
        placeholder='{"source": "camera-2"}'
      />
      <TextField
        label="Tags"
        size="small"
        value={value.tags}
        onChange={(event) => set('tags', event.target.value)}
        error={errors.tags !== undefined}
        helperText={errors.tags ?? 'Comma-separated; added to every file uploaded'}
        placeholder="best, v1"
      />
      <FormControlLabel
        control={<Checkbox checked={value.overwrite} onChange={(event) => set('overwrite', event.target.checked)} />}
        label="Overwrite assets with the same file name"
      />
    </Stack>
  );
}
