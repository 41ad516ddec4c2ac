import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { api } from '../../../../shared/api/index.ts';
import { fieldErrors } from '../../lib/form-errors.ts';

/** What the project form edits. */
export interface ProjectFormValue {
  projectName: string;
  projectDescription: string;
  isPublic: boolean;
}

/** Field messages of the project form, checked with the wire contract's own rules (E11). */
export function validateProjectForm(value: ProjectFormValue): Partial<Record<keyof ProjectFormValue, string>> {
  return fieldErrors(api.createProject.body, { workspaceName: 'checked elsewhere', ...value });
}

/** The name, description and visibility fields shared by the create and edit dialogs. */
export function ProjectFormFields({
  value,
  onChange,
  showErrors,
}: {
  value: ProjectFormValue;
  onChange: (value: ProjectFormValue) => void;
  /** Show field messages (after the first submit attempt). */
  showErrors: boolean;
}) {
  const errors = showErrors ? validateProjectForm(value) : {};
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        label="Project name"
        value={value.projectName}
        onChange={(event) => onChange({ ...value, projectName: event.target.value })}
        error={!!errors.projectName}
        helperText={errors.projectName}
        required
        fullWidth
        autoFocus
      />
      <TextField
        label="Description"
        value={value.projectDescription}
        onChange={(event) => onChange({ ...value, projectDescription: event.target.value })}
        error={!!errors.projectDescription}
        helperText={errors.projectDescription}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
      />
      <FormControl>
        <FormLabel id="project-visibility-label">Visibility</FormLabel>
        <RadioGroup
          row
          aria-labelledby="project-visibility-label"
          value={value.isPublic ? 'public' : 'private'}
          onChange={(event) => onChange({ ...value, isPublic: event.target.value === 'public' })}
        >
          <FormControlLabel value="private" control={<Radio />} label="Private" />
          <FormControlLabel value="public" control={<Radio />} label="Public" />
        </RadioGroup>
      </FormControl>
    </Stack>
  );
}
