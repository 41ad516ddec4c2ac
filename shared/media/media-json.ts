import type { z } from 'zod';

/** Why a logged media file cannot be shown: which kind it was and a reason a user can read ("Cannot display this <kind>: <reason>"). */
export interface MediaDecodeError {
  readonly kind: string;
  readonly reason: string;
}

/** A decoded media file, or why it cannot be shown; decoders answer this and never throw. */
export type MediaDecoded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: MediaDecodeError };

/** The most JSON text a media decoder reads (a logged file larger than this is refused, not parsed). */
export const MAX_MEDIA_JSON_CHARS = 32 * 1024 * 1024;

/** A successful decode. */
export const decoded = <T>(value: T): MediaDecoded<T> => ({ ok: true, value });

/** A refused decode, with its user-facing reason. */
export const refused = <T = never>(kind: string, reason: string): MediaDecoded<T> => ({ ok: false, error: { kind, reason } });

/** The line shown in place of a file that cannot be decoded. */
export const cannotDisplay = (error: MediaDecodeError): string => `Cannot display this ${error.kind}: ${error.reason}`;

/** The first schema issue as a short sentence naming the field (`matrix.1.2: expected number`). */
function issueReason(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'the file does not have the expected shape';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Parses logged JSON text of a media kind against its schema, within the size limit; the reason says what was wrong. */
export function parseMediaJson<S extends z.ZodType>(kind: string, text: string, schema: S): MediaDecoded<z.output<S>> {
  if (text.length > MAX_MEDIA_JSON_CHARS) return refused(kind, `the file is larger than ${MAX_MEDIA_JSON_CHARS / 1024 / 1024} MiB`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused(kind, 'the file is not valid JSON');
  }
  const result = schema.safeParse(value);
  return result.success ? decoded(result.data) : refused(kind, issueReason(result.error));
}
