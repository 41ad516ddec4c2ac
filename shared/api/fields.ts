import { z } from 'zod';

/** A query-string boolean: accepts true/false, True/False (Python) and TRUE/FALSE (R), and real booleans. */
export const queryBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return value;
}, z.boolean());

/** A query-string integer (steps, sizes): decimal digits, optionally negative where the field allows. */
export const queryInt = z.preprocess(
  (value) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value),
  z.number().int(),
);

/** A non-negative integer (steps, epochs), as steps are never negative. */
export const step = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** An int64 millisecond timestamp since the Unix epoch. */
export const timestampMillis = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A required non-empty string of bounded length (names, keys). */
export const nonEmpty = (max = 1000) => z.string().trim().min(1, 'must not be empty').max(max);

/** Characters that show nothing or change nothing visible: controls, formats (U+200B, U+FEFF, bidi marks), fillers, lone surrogates. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** The code point of a character as `U+XXXX`. */
const codePoint = (character: string): string => `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A name compared with an approval policy or used as an identity (registry stages and statuses, policy values, artifact
 * aliases), so that one name is never two (issue 41): composed (NFC), and refused when it holds an invisible or control
 * character, or a compatibility form NFKC folds into plain text (fullwidth letters, ligatures, odd spaces).
 */
export const labelName = (max = 100) =>
  nonEmpty(max)
    .normalize('NFC')
    .superRefine((value, context) => {
      const hidden = INVISIBLE.exec(value)?.[0];
      if (hidden !== undefined) context.addIssue({ code: 'custom', message: `must not hold invisible or control characters (it holds ${codePoint(hidden)})` });
      else if (value.normalize('NFKC') !== value) {
        context.addIssue({ code: 'custom', message: `must be written in plain characters, not compatibility forms such as fullwidth letters: "${value.normalize('NFKC').trim()}"` });
      }
    });

/** An experiment key as the wire carries it. */
export const experimentKey = nonEmpty(200);

/** A value logged as a metric, parameter or other: clients send numbers, strings or booleans. */
export const loggedValue = z.union([z.string().max(100_000), z.number(), z.boolean()]);

/** The generic reply shape clients tolerate for writes (compat.md §1). */
export const messageReply = z.object({
  msg: z.string(),
  code: z.number().int().optional(),
  data: z.unknown().optional(),
  sdk_error_code: z.number().int().optional(),
});

/** A reply whose `msg` is exactly the given text (e.g. `Saved`, `Archived`). */
export const msgReply = <T extends string>(text: T) =>
  messageReply.extend({ msg: z.literal(text) });

/** The error body every endpoint answers on failure (compat.md §2). */
export const errorReply = z.object({
  msg: z.string(),
  code: z.number().int(),
  sdk_error_code: z.number().int(),
  data: z.unknown().optional(),
});

/** The error body type. */
export type ErrorReply = z.infer<typeof errorReply>;
