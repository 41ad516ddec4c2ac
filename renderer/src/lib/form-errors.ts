import type { z } from 'zod';

/** Field-level messages from a zod schema (e.g. the wire contract's body schema): `{field: "must not be empty"}`. */
export function fieldErrors<T extends z.ZodType>(schema: T, value: unknown): Partial<Record<string, string>> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= readable(issue);
  }
  return errors;
}

function readable(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big' && issue.origin === 'string') return `must be at most ${Number(issue.maximum)} characters`;
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
  return issue.message;
}
