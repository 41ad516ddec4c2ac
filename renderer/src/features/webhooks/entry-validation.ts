import { webhookSchemeProblem } from '../../../../shared/webhooks/address-scheme.ts';
import { entryKey, type HeaderDraft, type WebhookEntry } from './webhook-model.ts';

/** Header names the service sets itself and refuses in a configuration. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'user-agent']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Why a URL cannot be a webhook address, or null when it can (the service checks reachability rules again on save). */
export function urlProblem(text: string): string | null {
  const value = text.trim();
  if (!value) return 'Enter the address to notify, e.g. https://hooks.example.com/trackdesk.';
  if (value.length > 2048) return 'The address must be at most 2048 characters.';
  const scheme = webhookSchemeProblem(value);
  if (scheme) return scheme;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Not a valid address: check the host name after http:// or https://, e.g. https://hooks.example.com/trackdesk.';
  }
  if (!url.hostname) return 'The address has no host.';
  if (url.username || url.password) return 'Do not put credentials in the address; send them in a header (e.g. Authorization).';
  if (url.hash) return 'The address must not have a #fragment (it is never sent).';
  return null;
}

/** Why a header cannot be configured, or null. */
function headerProblem(row: HeaderDraft): string | null {
  const name = row.name.trim();
  if (!name) return 'Enter the header name.';
  if (!TOKEN.test(name)) return `“${name}” is not a valid header name (letters, digits and !#$%&'*+.^_\`|~- only).`;
  const lower = name.toLowerCase();
  if (RESERVED_HEADERS.has(lower) || lower.startsWith('x-trackdesk-')) return `Trackdesk sets ${name} itself; it cannot be configured.`;
  if (row.value === null) return row.stored ? null : `Enter the value of ${name}: it was not in the imported file.`;
  if (/[\r\n\0]/.test(row.value)) return `The value of ${name} must be on one line.`;
  if (row.value.length > 8192) return `The value of ${name} must be at most 8192 characters.`;
  return null;
}

/** The problems of an entry by field ("url", "name", "secret", "header:<index>"), given the other entries of the workspace. */
export function entryProblems(entry: WebhookEntry, others: readonly WebhookEntry[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const url = urlProblem(entry.url);
  if (url) problems.url = url;
  else if (others.some((other) => other.id !== entry.id && entryKey(other) === entryKey(entry))) {
    problems.url = `This address is already configured for ${entry.modelName ? `model “${entry.modelName}”` : 'every model'}.`;
  }
  if (entry.name.length > 200) problems.name = 'The name must be at most 200 characters.';
  if (entry.modelName.length > 1000) problems.modelName = 'The model name must be at most 1000 characters.';
  if (entry.secret.action === 'set' && !entry.secret.value) problems.secret = 'Enter the secret, or keep the current one.';
  if (entry.secret.action === 'set' && entry.secret.value.length > 1000) problems.secret = 'The secret must be at most 1000 characters.';
  const seen = new Set<string>();
  entry.headers.forEach((row, index) => {
    const problem = headerProblem(row) ?? (seen.has(row.name.trim().toLowerCase()) ? `${row.name.trim()} is listed twice.` : null);
    if (problem) problems[`header:${index}`] = problem;
    seen.add(row.name.trim().toLowerCase());
  });
  return problems;
}
