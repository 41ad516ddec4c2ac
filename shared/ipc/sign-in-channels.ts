import { z } from 'zod';
import { defineChannel } from './define.ts';
import { baseUrl, KeyStorageChoice, profileName, ProfileView } from './profile-channels.ts';

const attemptId = z.string().min(1).max(100);

/** Signing in to a service through its identity provider (issue 30): the backend holds the loopback, the PKCE verifier and the key. */
export const signInChannels = {
  'signIn.options': defineChannel({
    summary: "The ways a service offers to sign in (its unauthenticated discovery read): password, and its identity provider's name.",
    input: z.object({ baseUrl }),
    output: z.object({ password: z.boolean(), provider: z.string().nullable() }),
  }),
  'signIn.startWithProvider': defineChannel({
    summary:
      "Begins a sign-in with the service's identity provider: a loopback on 127.0.0.1 waits for the provider's answer, and the provider's page opens in the system browser (or, where the backend cannot open one, the window opens it).",
    input: z.object({ name: profileName, baseUrl, keyStorage: KeyStorageChoice.default('keychain') }),
    output: z.object({
      attemptId,
      provider: z.string(),
      authorizationUrl: z.string().describe("The provider's page (no secret: the PKCE verifier stays in the backend)."),
      openedInBrowser: z.boolean().describe('Whether the backend opened it in the system browser; if not, the window opens it.'),
      expiresAt: z.number(),
    }),
  }),
  'signIn.finishWithProvider': defineChannel({
    summary: 'Waits for the provider to send the browser back, has the service finish the sign-in, and adds the connection with its device key (kept here).',
    input: z.object({ attemptId }),
    output: z.object({ profile: ProfileView, userName: z.string() }),
  }),
  'signIn.cancelWithProvider': defineChannel({
    summary: 'Gives up a sign-in with the provider: the loopback closes and a late answer from the provider is refused.',
    input: z.object({ attemptId }),
    output: z.object({ cancelled: z.boolean() }),
  }),
};
