import type { Handlers } from '../ipc/dispatch.ts';
import type { ProviderSignIns } from '../profiles/provider-sign-in.ts';

/** The sign-in channels: what a service offers, and sign-in through its identity provider (the key stays here). */
export function signInHandlers(signIns: ProviderSignIns): Pick<Handlers, `signIn.${string}` & keyof Handlers> {
  return {
    'signIn.options': ({ baseUrl }) => signIns.options(baseUrl),
    'signIn.startWithProvider': (input) => signIns.start(input),
    'signIn.finishWithProvider': ({ attemptId }) => signIns.finish(attemptId),
    'signIn.cancelWithProvider': async ({ attemptId }) => signIns.cancel(attemptId),
  };
}
