import { TextField } from '@mui/material';
import { checkNewVersion } from './version-check.ts';

/** The version of a new registry version, checked as the user types (semantic, not already used). */
export function VersionField({
  value,
  onChange,
  existing,
  showErrors,
}: {
  value: string;
  onChange: (value: string) => void;
  existing: readonly string[];
  /** Show refusals even before the field was changed (after a submit attempt). */
  showErrors: boolean;
}) {
  const check = checkNewVersion(value, existing);
  const helper = check.ok
    ? [check.version === value.trim() ? 'A semantic version, e.g. 1.2.0.' : `Saved as ${check.version}.`, check.note].filter(Boolean).join(' ')
    : showErrors
      ? check.message
      : 'A semantic version, e.g. 1.2.0.';
  return (
    <TextField
      label="Version"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!check.ok && showErrors}
      helperText={helper}
      required
    />
  );
}
