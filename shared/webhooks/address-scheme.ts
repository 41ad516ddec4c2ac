/** A scheme followed by `//`: how an absolute web address starts (https://…). */
const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/**
 * Why a webhook address cannot be notified for its scheme, or null for http and https: one rule for the app's form and the
 * service's check, so that `localhost:8080/hook` (no scheme; a URL parser reads "localhost" as one) is told to start with http://.
 */
export function webhookSchemeProblem(address: string): string | null {
  const scheme = SCHEME.exec(address.trim())?.[1]?.toLowerCase();
  if (scheme === undefined) return 'Start the address with http:// or https://, e.g. https://hooks.example.com/trackdesk.';
  if (scheme !== 'http' && scheme !== 'https') return `Only http and https addresses can be notified, not ${scheme}: start the address with http:// or https://.`;
  return null;
}
