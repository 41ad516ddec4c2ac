import { parsePublicUrl, parseTrustedProxies } from '../http/public-address.ts';

/** The command-line options of running behind a reverse proxy (each also settable by environment). */
export const PROXY_OPTIONS = {
  'trusted-proxy': { type: 'string' },
  'public-url': { type: 'string' },
} as const;

/** The help lines of the reverse-proxy options. */
export const PROXY_HELP = `  --trusted-proxy <list>     IP addresses or CIDR ranges of the reverse proxies in front (e.g. 10.0.0.10 or
                             127.0.0.1,::1; also TRACKDESK_TRUSTED_PROXIES): from them, and only them, X-Forwarded-For
                             gives the client's address (sign-in throttle, audit trail) and X-Forwarded-Proto and
                             X-Forwarded-Host the scheme and host of the links the service hands out
  --public-url <url>         the address clients reach the service at, e.g. https://trackdesk.example.com (also
                             TRACKDESK_PUBLIC_URL): invitation, asset and run links start with it, whatever the request says
`;

type ProxyValues = { [K in keyof typeof PROXY_OPTIONS]?: string };

/** Parses an option's text with `parse`, prefixing its error with the option's name. */
function parsed<T>(option: string, text: string, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (error) {
    throw new Error(`--${option}: ${(error as Error).message}`);
  }
}

/** Reads the reverse-proxy settings from the options and the environment; throws a message naming the option at fault. */
export function proxySettingsFrom(values: ProxyValues, env: NodeJS.ProcessEnv): { trustedProxies?: string[]; publicUrl?: string } {
  const proxies = values['trusted-proxy'] ?? (env.TRACKDESK_TRUSTED_PROXIES || undefined);
  const publicUrl = values['public-url'] ?? (env.TRACKDESK_PUBLIC_URL || undefined);
  return {
    ...(proxies === undefined ? {} : { trustedProxies: parsed('trusted-proxy', proxies, parseTrustedProxies) }),
    ...(publicUrl === undefined ? {} : { publicUrl: parsed('public-url', publicUrl, parsePublicUrl) }),
  };
}
