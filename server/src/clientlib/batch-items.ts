import type { z } from 'zod';
import { metricItem, parameterItem } from '../../../shared/api/clientlib-batches.ts';
import type { RawValue, MetricInput } from '../logged-data/index.ts';

/** One parameter of a batch, ready to store. */
interface ParameterInput {
  name: string;
  value: RawValue;
  timestamp: number;
  step: number | null;
  context: string | null;
}

/** An item that is stored, or why it was refused. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Limits of `itemName`, `loggedValue` strings and `optionalContext` (shared/api/logging-records.ts). */
const NAME_MAX = 1000;
const TEXT_VALUE_MAX = 100_000;
const CONTEXT_MAX = 1000;

type BatchValue = z.output<typeof metricItem>['metricValue'];

/** A value as summaries and series store it: JSON arrays and objects as their JSON text. */
const storedValue = (value: BatchValue): RawValue => (typeof value === 'object' ? JSON.stringify(value) : value);

/** Deepest nesting of arrays and objects a JSON value may have (deeper ones would exhaust the schema's recursion). */
const MAX_NESTING = 100;

/** Whether a parsed JSON value nests arrays/objects deeper than `max` levels (checked without recursion). */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Parses an item with its schema; a value nested too deeply is refused before the schema recurses into it. */
function parseItem<S extends typeof metricItem | typeof parameterItem>(schema: S, item: unknown, valueField: string): Checked<z.output<S>> {
  const value = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[valueField] : undefined;
  if (nestsDeeperThan(value, MAX_NESTING)) return { ok: false, reason: `"${valueField}": nests arrays or objects more than ${MAX_NESTING} levels deep` };
  const parsed = schema.safeParse(item);
  return parsed.success ? { ok: true, value: parsed.data as z.output<S> } : { ok: false, reason: reasonOf(parsed.error) };
}

/** The reason the contract's schema gives for the item's first problem. */
function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid item';
  return issue.path.length === 0 ? issue.message : `"${issue.path.map(String).join('.')}": ${issue.message}`;
}

// The fast paths below accept only what the item schemas accept as they are (no trimming needed, in range);
// anything else goes through the schema, which decides and words the refusal. Same outcome, a tenth of the cost.
const isName = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= NAME_MAX && value.trim() === value;
const isPlainValue = (value: unknown): value is RawValue =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= TEXT_VALUE_MAX) || typeof value === 'boolean';
const isCount = (value: unknown): value is number | null | undefined =>
  value === undefined || value === null || (Number.isSafeInteger(value) && (value as number) >= 0);
const isContext = (value: unknown): value is string | null | undefined =>
  value === undefined || value === null || (typeof value === 'string' && value.length <= CONTEXT_MAX);

/** Checks one metric item as E29 checks its body; absent/null timestamp → `now`. */
export function checkMetric(item: unknown, now: number): Checked<MetricInput> {
  if (typeof item === 'object' && item !== null) {
    const { metricName, metricValue, step, epoch, context, timestamp } = item as Record<string, unknown>;
    if (isName(metricName) && isPlainValue(metricValue) && isCount(step) && isCount(epoch) && isContext(context) && isCount(timestamp)) {
      return { ok: true, value: { name: metricName, value: metricValue, timestamp: timestamp ?? now, step: step ?? null, epoch: epoch ?? null, context: context ?? null } };
    }
  }
  const parsed = parseItem(metricItem, item, 'metricValue');
  if (!parsed.ok) return parsed;
  const { metricName, metricValue, step, epoch, context, timestamp } = parsed.value;
  return {
    ok: true,
    value: { name: metricName, value: storedValue(metricValue), timestamp: timestamp ?? now, step: step ?? null, epoch: epoch ?? null, context: context ?? null },
  };
}

/** Checks one parameter item as E28 checks its body (plus context and source); absent/null timestamp → `now`. */
export function checkParameter(item: unknown, now: number): Checked<ParameterInput> {
  const parsed = parseItem(parameterItem, item, 'parameterValue');
  if (!parsed.ok) return parsed;
  const { parameterName, parameterValue, step, context, timestamp } = parsed.value;
  return { ok: true, value: { name: parameterName, value: storedValue(parameterValue), timestamp: timestamp ?? now, step: step ?? null, context: context ?? null } };
}
