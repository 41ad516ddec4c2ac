/** The longest experiment name the table accepts (the create call's limit). */
const MAX_NAME_LENGTH = 1000;

/** Why a new name is refused before sending it, or undefined when it is fine. */
export function nameProblem(name: string, required: boolean): string | undefined {
  const trimmed = name.trim();
  if (required && trimmed === '') return 'must not be empty';
  if (trimmed.length > MAX_NAME_LENGTH) return `must be at most ${MAX_NAME_LENGTH} characters`;
  return undefined;
}

/** A `datetime-local` value as milliseconds: undefined when empty, NaN when not a date and time. */
export function fromLocalInput(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return Number.NaN;
  return new Date(text).getTime();
}

/** The start/end form as typed. */
export interface TimesDraft {
  start: string;
  end: string;
}

/** The E10 body fields, or what is wrong with the form (per field, or `form` for the whole). */
type TimesResult =
  | { ok: true; startTimeMillis?: number; endTimeMillis?: number }
  | { ok: false; errors: { start?: string; end?: string; form?: string } };

/**
 * Checks the start/end form: at least one time, each a real date and time, the end not before the start.
 * A time left empty is not sent, and the service fills it in (see `TIMES_RULES`).
 */
export function checkTimes(draft: TimesDraft): TimesResult {
  const start = fromLocalInput(draft.start);
  const end = fromLocalInput(draft.end);
  const errors: { start?: string; end?: string; form?: string } = {};
  if (start !== undefined && Number.isNaN(start)) errors.start = 'is not a valid date and time';
  if (end !== undefined && Number.isNaN(end)) errors.end = 'is not a valid date and time';
  if (start === undefined && end === undefined) errors.form = 'Give a start time, an end time, or both.';
  if (start !== undefined && end !== undefined && !errors.start && !errors.end && end < start) errors.end = 'must not be before the start time';
  if (errors.start || errors.end || errors.form) return { ok: false, errors };
  return { ok: true, ...(start === undefined ? {} : { startTimeMillis: start }), ...(end === undefined ? {} : { endTimeMillis: end }) };
}

/** The service's rules for a time left empty (write-api.md, E10), as the form explains them. */
export const TIMES_RULES = [
  'Only an end time: the start time becomes the end time minus 1 second (unless the experiment already has a start time set that is not later).',
  'Only a start time: the end time becomes the start time plus 1 second (unless the experiment already has an end time set that is not earlier).',
  'Both: both are set as given.',
] as const;
