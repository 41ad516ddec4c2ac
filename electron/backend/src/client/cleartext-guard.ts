import ipaddr from 'ipaddr.js';
import { AppError } from '../ipc/app-error.ts';
import { hostOf } from './request.ts';

/** Whether a URL's host name is this machine: `localhost` (and `*.localhost`), 127.0.0.0/8 or ::1 (IPv4-mapped too). */
function isThisMachine(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/**
 * Refuses, before anything is sent, to send `secret` (a password, an invitation token) to a service at `baseUrl` over
 * plain http unless the service is on this machine: anyone on the way could read it and use it.
 */
export function refuseCleartextSecret(baseUrl: string, secret: 'a password' | 'an invitation token'): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return; // Not a URL: the call itself reports that, and sends nothing.
  }
  if (url.protocol !== 'http:' || isThisMachine(url.hostname)) return;
  throw new AppError(
    'invalid_input',
    `Trackdesk does not send ${secret} over plain http to ${hostOf(baseUrl)}: anyone on the network could read it. Use the service's https:// address.`,
  );
}
