import { describe, expect, it } from 'vitest';
import { createBackend } from '../src/backend.ts';
import { refuseCleartextSecret } from '../src/client/cleartext-guard.ts';
import { callError, tempDir } from './helpers.ts';

/** A backend without an embedded service: the refusals come before any request. */
const backend = createBackend({ userDataDir: await tempDir() });

const LINK = 'http://tracking.example.com/api/rest/v2/ext/invitations/info?token=Zk3x9_abcdefghijklmnopqrstuvwxyz-0123456';
const TOKEN_REFUSED = "Trackdesk does not send an invitation token over plain http to tracking.example.com: anyone on the network could read it. Use the service's https:// address.";

describe('secrets over plain http', () => {
  it('refuses to send a password to a service on another machine over http, saying what to use instead', async () => {
    const refused = await callError(backend, 'profiles.signIn', { name: 'Lab', baseUrl: 'http://tracking.example.com:5170', userName: 'sam', password: 'sam-password-123' });
    expect(refused).toMatchObject({
      code: 'invalid_input',
      message: "Trackdesk does not send a password over plain http to tracking.example.com:5170: anyone on the network could read it. Use the service's https:// address.",
    });
  });

  it('refuses to send an invitation token there, whether opening, accepting or signing up with the link', async () => {
    expect(await callError(backend, 'invitations.open', { link: LINK })).toMatchObject({ code: 'invalid_input', message: TOKEN_REFUSED });
    expect(await callError(backend, 'invitations.accept', { link: LINK, profileId: 'local' })).toMatchObject({ code: 'invalid_input', message: TOKEN_REFUSED });
    const signUp = { link: LINK, name: 'Lab', userName: 'sam', password: 'sam-password-123', keyStorage: 'session' } as const;
    expect(await callError(backend, 'invitations.signUp', signUp)).toMatchObject({ code: 'invalid_input', message: TOKEN_REFUSED });
  });

  it('sends them over https anywhere, and over http to this machine only', () => {
    for (const baseUrl of ['https://tracking.example.com', 'http://127.0.0.1:5170', 'http://127.0.0.2:5170', 'http://localhost:5170', 'http://[::1]:5170', 'http://[::ffff:127.0.0.1]:5170']) {
      expect(() => refuseCleartextSecret(baseUrl, 'a password')).not.toThrow();
    }
    for (const baseUrl of ['http://192.168.1.20:5170', 'http://[fd00::2]:5170', 'http://localhost.example.com']) {
      expect(() => refuseCleartextSecret(baseUrl, 'a password')).toThrow(/^Trackdesk does not send a password over plain http/);
    }
  });
});
