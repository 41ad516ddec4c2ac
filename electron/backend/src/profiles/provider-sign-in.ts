import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChannelOutput, ChannelRequest } from '../../../../shared/ipc/index.ts';
import { isBrowsableSignInPage } from '../../../../shared/security/sign-in-page.ts';
import { normalizeBaseUrl } from '../client/request.ts';
import { ServiceClient } from '../client/service-client.ts';
import type { ClientOptions } from '../client/target.ts';
import { AppError } from '../ipc/app-error.ts';
import { deviceKeyName, type ProfileService } from './profile-service.ts';

/** How long the provider's page may take before the sign-in gives up (ms), unless the backend says otherwise. */
const SIGN_IN_MS = 5 * 60_000;
const CALLBACK_PATH = '/trackdesk/callback';

/** One sign-in in progress: the loopback, the PKCE verifier (never leaves here) and how it ends. */
interface Attempt {
  input: ChannelRequest<'signIn.startWithProvider'>;
  provider: string;
  codeVerifier: string;
  loopback: Server;
  outcome: Promise<ChannelOutput<'signIn.finishWithProvider'>>;
  settle(result: { ok: true; value: ChannelOutput<'signIn.finishWithProvider'> } | { ok: false; error: AppError }): void;
}

/** Opens an address in the system browser (the desktop window's main process); absent in the browser shell. */
export type OpenExternal = (url: string) => Promise<void>;

/** Refuses to open anything but an https page (or http on this host, a developer's provider) in the browser. */
function assertBrowsable(address: string): void {
  if (!isBrowsableSignInPage(address)) throw new AppError('incompatible', 'The service answered a sign-in address that is not an https page: ask its admin.');
}

/** A wait in words: whole minutes, or seconds below a minute. */
const spoken = (ms: number): string => {
  const [count, unit] = ms >= 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.ceil(ms / 1000), 'second'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page the browser shows once the provider sent it back: what happened, in plain words, and nothing else. */
function answerBrowser(response: ServerResponse, title: string, message: string): void {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  response.end(`<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<body style="font-family:sans-serif;max-width:36em;margin:4em auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body>`);
}

/**
 * Sign-ins through a service's identity provider, as native apps should do them (RFC 8252): the provider's page opens in
 * the system browser, which it sends back to a loopback on 127.0.0.1 here; the service redeems the code with this
 * backend's PKCE verifier and answers a device key, which goes into the keychain like a pasted one. The window sees the
 * provider's page address and the outcome, never a code, a token or the key.
 */
export class ProviderSignIns {
  private readonly attempts = new Map<string, Attempt>();
  private readonly profiles: ProfileService;
  private readonly clientOptions: Partial<ClientOptions>;
  private readonly openExternal: OpenExternal | undefined;
  private readonly timeoutMs: number;

  constructor(profiles: ProfileService, clientOptions: Partial<ClientOptions>, openExternal: OpenExternal | undefined, timeoutMs = SIGN_IN_MS) {
    this.profiles = profiles;
    this.clientOptions = clientOptions;
    this.openExternal = openExternal;
    this.timeoutMs = timeoutMs;
  }

  private anonymous(baseUrl: string): ServiceClient {
    return new ServiceClient({ baseUrl, apiKey: '' }, this.clientOptions);
  }

  /** The ways the service offers to sign in (a service too old to say offers passwords only). */
  async options(baseUrl: string): Promise<ChannelOutput<'signIn.options'>> {
    try {
      const options = await this.anonymous(normalizeBaseUrl(baseUrl)).call('signInOptions', {});
      return { password: options.password, provider: options.sso?.displayName ?? null };
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return { password: true, provider: null };
      throw error;
    }
  }

  /** Starts a sign-in: the loopback listens, the service makes the provider's address, and the system browser opens it. */
  async start(input: ChannelRequest<'signIn.startWithProvider'>): Promise<ChannelOutput<'signIn.startWithProvider'>> {
    const baseUrl = normalizeBaseUrl(input.baseUrl);
    await this.profiles.signedInBefore(input.name, baseUrl);
    const { provider } = await this.options(baseUrl);
    if (!provider) throw new AppError('unsupported', `The service at ${baseUrl} offers no single sign-on: sign in with a user name and password.`);
    const attemptId = randomUUID();
    // Loaded on the first sign-in: an app start that signs nobody in does not pay for it.
    const { calculatePKCECodeChallenge, randomPKCECodeVerifier } = await import('openid-client');
    const codeVerifier = randomPKCECodeVerifier();
    const loopback = createServer((request, response) => void this.receive(attemptId, request, response));
    await new Promise<void>((resolve, reject) => loopback.once('error', reject).listen(0, '127.0.0.1', resolve));
    const redirectUri = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}${CALLBACK_PATH}`;
    let settle!: Attempt['settle'];
    const outcome = new Promise<ChannelOutput<'signIn.finishWithProvider'>>((resolve, reject) => {
      settle = (result) => (result.ok ? resolve(result.value) : reject(result.error));
    });
    outcome.catch(() => undefined);
    const attempt: Attempt = { input: { ...input, baseUrl }, provider, codeVerifier, loopback, outcome, settle };
    this.attempts.set(attemptId, attempt);
    const timer = setTimeout(() => this.end(attemptId, { ok: false, error: new AppError('timeout', `Nobody finished signing in with ${provider} within ${spoken(this.timeoutMs)}: start again.`) }), this.timeoutMs);
    timer.unref();
    try {
      const started = await this.anonymous(baseUrl).call('startSsoSignIn', { body: { redirectUri, codeChallenge: await calculatePKCECodeChallenge(codeVerifier) } });
      assertBrowsable(started.authorizationUrl);
      const openedInBrowser = this.openExternal !== undefined && (await this.openExternal(started.authorizationUrl).then(() => true, () => false));
      return { attemptId, provider, authorizationUrl: started.authorizationUrl, openedInBrowser, expiresAt: Date.now() + this.timeoutMs };
    } catch (error) {
      this.end(attemptId, { ok: false, error: error instanceof AppError ? error : new AppError('internal', String(error)) });
      throw error;
    }
  }

  /** Waits for the sign-in's outcome: the new connection, or why there is none. */
  finish(attemptId: string): Promise<ChannelOutput<'signIn.finishWithProvider'>> {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) return Promise.reject(new AppError('not_found', 'This sign-in is over (finished, cancelled or timed out): start again.'));
    return attempt.outcome;
  }

  /** Gives a sign-in up; a late answer from the provider finds the loopback closed. */
  cancel(attemptId: string): { cancelled: boolean } {
    const known = this.attempts.has(attemptId);
    this.end(attemptId, { ok: false, error: new AppError('cancelled', 'Sign-in cancelled.') });
    return { cancelled: known };
  }

  private end(attemptId: string, result: Parameters<Attempt['settle']>[0]): void {
    const attempt = this.attempts.get(attemptId);
    if (!attempt) return;
    this.attempts.delete(attemptId);
    attempt.loopback.close();
    attempt.settle(result);
  }

  /** The browser's return to the loopback: has the service finish the sign-in, then tells the browser what happened. */
  private async receive(attemptId: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const attempt = this.attempts.get(attemptId);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!attempt || request.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.');
      return;
    }
    const callbackUrl = `http://127.0.0.1:${(attempt.loopback.address() as AddressInfo).port}${request.url ?? ''}`;
    try {
      const key = await this.anonymous(attempt.input.baseUrl).call('finishSsoSignIn', { body: { callbackUrl, codeVerifier: attempt.codeVerifier, keyName: deviceKeyName({ provider: attempt.provider }) } });
      const profile = await this.profiles.keepSignedIn({ name: attempt.input.name, baseUrl: attempt.input.baseUrl, apiKey: key.apiKey, keyStorage: attempt.input.keyStorage });
      answerBrowser(response, 'Signed in to Trackdesk', `You are signed in as ${key.userName} on "${profile.name}". You can close this tab and return to Trackdesk.`);
      this.end(attemptId, { ok: true, value: { profile, userName: key.userName } });
    } catch (error) {
      const failure = error instanceof AppError ? error : new AppError('internal', String(error));
      answerBrowser(response, 'Sign-in did not work', `${failure.message} Return to Trackdesk to try again.`);
      this.end(attemptId, { ok: false, error: failure });
    }
  }
}
