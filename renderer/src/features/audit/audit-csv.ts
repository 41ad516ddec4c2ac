import type { ApiReply } from '../../lib/api.ts';

/** One entry of the audit trail as the reads send it. */
export type AuditEvent = ApiReply<'workspaceAuditTrail'>['events'][number];

/** A CSV cell: quoted when it holds a comma, quote or line break (quotes doubled), per RFC 4180. */
const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The entries as CSV: a header row, then one row per entry, times in ISO 8601 and the states as JSON. */
export function auditCsv(events: readonly AuditEvent[]): string {
  const header = ['id', 'at', 'actor', 'key', 'workspace', 'action', 'target', 'before', 'after'];
  const rows = events.map((event) =>
    [event.id, new Date(event.at).toISOString(), event.actorName, event.keyPrefix, event.workspaceName, event.action, event.target, event.before, event.after].map(cell).join(','),
  );
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}
