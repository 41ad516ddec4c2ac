import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookSchemeProblem } from '../../../shared/webhooks/address-scheme.ts';

/** Why a webhook URL or address is refused; the message is shown to the user as is. */
export class UrlRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UrlRefusedError';
  }
}

/** Cloud metadata services: refused always, whatever range they fall in. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '168.63.129.16', '100.100.100.200', 'fd00:ec2::254']);
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);
/** Ranges allowed only when the server runs with `--webhooks-allow-private`. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);
/** IPv6 ranges that embed an IPv4 address, which is checked instead. */
const EMBEDDING_RANGES = new Set(['rfc6052', '6to4', 'rfc6145']);

/** IPv4-compatible IPv6 (`::a.b.c.d`, deprecated): `::/96` but for `::` and `::1`, which ipaddr.js calls unicast. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parse('::');

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  const offset = address.range() === '6to4' ? 2 : 12;
  return new ipaddr.IPv4(bytes.slice(offset, offset + 4));
}

/** True for an IPv6 address that carries an IPv4 address, which is then judged instead. */
const embedsIpv4 = (address: ipaddr.IPv6): boolean =>
  EMBEDDING_RANGES.has(address.range()) || (address.range() === 'unicast' && address.match(IPV4_COMPATIBLE, 96));

/** Throws UrlRefusedError unless a webhook may be sent to this IP address. */
export function checkAddress(text: string, allowPrivate: boolean): void {
  if (!ipaddr.isValid(text)) throw new UrlRefusedError(`"${text}" is not an IP address.`);
  let address = ipaddr.process(text);
  if (address instanceof ipaddr.IPv6 && embedsIpv4(address)) address = embeddedIpv4(address);
  const normalized = address.toString();
  const range = address.range();
  if (METADATA_ADDRESSES.has(normalized)) throw new UrlRefusedError(`${normalized} is a cloud metadata address; webhooks are never sent there.`);
  if (range === 'unicast') return;
  if (PRIVATE_RANGES.has(range)) {
    if (allowPrivate) return;
    throw new UrlRefusedError(
      `${normalized} is a ${range} address; webhooks to loopback and private networks need the server option --webhooks-allow-private.`,
    );
  }
  throw new UrlRefusedError(`${normalized} is a ${range} address; webhooks are never sent to such addresses.`);
}

/** Checks scheme and host name of a webhook URL without resolving it; returns the parsed URL. */
export function checkUrlShape(text: string): URL {
  const scheme = webhookSchemeProblem(text);
  if (scheme) throw new UrlRefusedError(scheme);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlRefusedError(`"${text}" is not a valid address: check the host name after http:// or https://.`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (METADATA_HOSTS.has(host)) throw new UrlRefusedError(`${host} is a cloud metadata host; webhooks are never sent there.`);
  return url;
}

/** The host of a URL as `net` wants it (IPv6 without brackets). */
export const urlHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/** Resolves a URL's host and checks every address it resolves to (used when configuration is saved). */
export async function checkWebhookUrl(text: string, allowPrivate: boolean): Promise<void> {
  const url = checkUrlShape(text);
  const host = urlHost(url);
  if (isIP(host)) return checkAddress(host, allowPrivate);
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
  ).catch((error: NodeJS.ErrnoException) => {
    throw new UrlRefusedError(`The host ${host} could not be resolved (${error.code ?? error.message}).`);
  });
  for (const { address } of addresses) checkAddress(address, allowPrivate);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses disallowed addresses at connection time, so a host that
 * re-resolves to a private or metadata address after the configuration was saved is still refused.
 */
export function safeLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      try {
        for (const { address } of addresses) checkAddress(address, allowPrivate);
      } catch (refused) {
        return callback(refused as NodeJS.ErrnoException, []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new UrlRefusedError(`${hostname} has no address.`) as NodeJS.ErrnoException, []);
      callback(null, first.address, first.family);
    });
  };
}
