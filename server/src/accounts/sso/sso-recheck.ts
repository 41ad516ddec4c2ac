import { notFound } from '../../http/api-error.ts';
import type { AccountServices } from '../services.ts';
import { SSO_ACTOR, applyRoleClaim } from './sso-people.ts';
import type { SsoServices } from './sso-services.ts';
import type { SsoIdentity } from './sso-store.ts';

/** What a recheck found of one person. */
export interface RecheckOutcome {
  userName: string;
  outcome: 'kept' | 'shut-out' | 'not-rechecked';
  detail: string;
}

/**
 * Asks the provider about one person with their refresh token. Still let in: their memberships follow the claim again.
 * No longer let in: every key of theirs is revoked at once (on every instance) and the trail says so. Only the
 * instance that claims the recheck asks (a refresh token may be good for one use only).
 */
async function recheckOne(services: AccountServices, sso: SsoServices, identity: SsoIdentity): Promise<RecheckOutcome> {
  const { userName, refreshToken } = identity;
  if (!refreshToken) return { userName, outcome: 'not-rechecked', detail: 'The provider gave no refresh token: their roles follow the claim at their next sign-in.' };
  if (!await sso.store.claimRecheck(identity.userId, identity.checkedAt, services.now())) return { userName, outcome: 'not-rechecked', detail: 'Another instance is rechecking them.' };
  let answer;
  try {
    answer = await sso.client.recheck(refreshToken, identity.subject);
  } catch (error) {
    return { userName, outcome: 'not-rechecked', detail: (error as Error).message };
  }
  return services.sql.transaction(async () => {
    const now = services.now();
    const user = await services.users.byId(identity.userId);
    if (!user) return { userName, outcome: 'not-rechecked' as const, detail: 'The user was deleted.' };
    if (answer === 'refused') {
      const revoked = await services.users.revokeUserKeys(user.id, now);
      await sso.store.forgetRefreshToken(user.id);
      await services.audit.record(SSO_ACTOR, { workspaceId: null, action: 'sso.accessEnded', target: user.name, after: { keysRevoked: revoked } }, now);
      return { userName, outcome: 'shut-out' as const, detail: `The provider no longer lets them in: ${revoked} key${revoked === 1 ? '' : 's'} revoked.` };
    }
    await sso.store.remember({ ...identity, refreshToken: answer.refreshToken ?? refreshToken, checkedAt: now });
    await applyRoleClaim(services, sso, user, answer.claims);
    return { userName, outcome: 'kept' as const, detail: 'Still let in; memberships follow the claim.' };
  });
}

/** Rechecks one single sign-on user by name (404 when they are none), or all of them. */
export async function recheckPeople(services: AccountServices, sso: SsoServices, userName?: string): Promise<RecheckOutcome[]> {
  const everyone = await sso.store.identities(sso.settings.issuer);
  const chosen = userName === undefined ? everyone : everyone.filter((identity) => identity.userName === userName);
  if (userName !== undefined && chosen.length === 0) throw notFound(`User "${userName}" has never signed in with single sign-on.`);
  const outcomes: RecheckOutcome[] = [];
  for (const identity of chosen) outcomes.push(await recheckOne(services, sso, identity));
  return outcomes;
}

/** Rechecks everyone not rechecked for `recheckMinutes`, on a timer; answers how to stop it. */
export function startPeriodicRechecks(services: AccountServices, sso: SsoServices): () => void {
  const periodMs = sso.settings.recheckMinutes * 60_000;
  if (periodMs <= 0) return () => undefined;
  const due = async () => {
    const stale = (await sso.store.identities(sso.settings.issuer)).filter((identity) => identity.checkedAt <= services.now() - periodMs);
    for (const identity of stale) await recheckOne(services, sso, identity);
  };
  const timer = setInterval(() => void due().catch((error: unknown) => console.error('single sign-on recheck failed', error)), Math.min(periodMs, 60_000));
  timer.unref();
  return () => clearInterval(timer);
}
