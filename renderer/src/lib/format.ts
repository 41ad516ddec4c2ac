const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
// One format for every time the app shows, in the user's locale, to the second (runs start and end seconds apart).
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
// One formatter for counts: `Number#toLocaleString` builds a new one per call (about half a millisecond each).
const counts = new Intl.NumberFormat();

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** A millisecond timestamp as a local date and time in the user's locale (e.g. "3 Mar 2025, 14:05:09"); empty when it is no time. */
export function formatDateTime(millis: number): string {
  return Number.isFinite(millis) ? dateTime.format(new Date(millis)) : '';
}

/** A millisecond timestamp relative to `now` (e.g. "5 minutes ago", "just now"). */
export function formatRelativeTime(millis: number, now = Date.now()): string {
  const elapsed = millis - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return relative.format(Math.round(elapsed / size), unit);
  }
  return 'just now';
}

/** A count with the locale's digit grouping (e.g. "100,000"). */
export function formatCount(count: number): string {
  return counts.format(count);
}

/** "1 experiment", "3 experiments" (or the plural given: "2 entries"). */
export function plural(count: number, noun: string, many = `${noun}s`): string {
  return `${counts.format(count)} ${count === 1 ? noun : many}`;
}

/** A noun with its indefinite article: "an admin", "a member". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** A logged value for a table cell: numbers with more than 6 significant digits shortened (`0.0143655`), anything else as logged. */
export function formatLoggedValue(value: string): string {
  const number = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) return value;
  const short = String(Number(number.toPrecision(6)));
  return short.length < value.length ? short : value;
}
