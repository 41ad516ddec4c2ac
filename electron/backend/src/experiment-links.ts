/** The longest experiment address the app takes. */
const MAX_EXPERIMENT_LINK = 4000;
/** An experiment key as services make them (the SDK's are 32 hex digits), with room to spare. */
const EXPERIMENT_KEY = /^[\w-]{1,200}$/;

/** What an experiment's address names: the service (with any prefix it is mounted under), the workspace, project and run. */
export interface ExperimentAddress {
  /** The service's base address, e.g. `https://tracking.example.com` (no trailing slash). */
  baseUrl: string;
  workspaceName: string;
  projectName: string;
  experimentKey: string;
}

/**
 * Reads an experiment address the service made, and only that: http(s), no user or password, no query or fragment, the last
 * three path segments naming workspace, project and a key (whatever prefix the service is mounted under comes before);
 * the reason otherwise.
 */
export function parseExperimentLink(text: string): { ok: true; address: ExperimentAddress } | { ok: false; reason: string } {
  if (text.length > MAX_EXPERIMENT_LINK) return { ok: false, reason: `the experiment link is longer than ${MAX_EXPERIMENT_LINK} characters` };
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, reason: 'the experiment link is not an address' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: `an experiment link is http or https, not ${url.protocol}` };
  if (url.username || url.password) return { ok: false, reason: 'the experiment link carries a user name or password' };
  if (url.search || url.hash) return { ok: false, reason: 'an experiment link has no query or fragment' };
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.length < 3) return { ok: false, reason: 'an experiment link ends in /<workspace>/<project>/<experiment key>' };
  let names: string[];
  try {
    names = segments.slice(-3).map((segment) => decodeURIComponent(segment));
  } catch {
    return { ok: false, reason: 'the experiment link is not encoded correctly' };
  }
  const [workspaceName = '', projectName = '', experimentKey = ''] = names;
  if (!EXPERIMENT_KEY.test(experimentKey)) return { ok: false, reason: 'the last part of the experiment link is not an experiment key' };
  const prefix = segments.slice(0, -3).join('/');
  return { ok: true, address: { baseUrl: `${url.origin}${prefix ? `/${prefix}` : ''}`, workspaceName, projectName, experimentKey } };
}
