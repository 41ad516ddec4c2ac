import type { WorkspaceRole } from '../../../../shared/api/index.ts';
import { forbidden } from '../../http/api-error.ts';
import type { AuditActor } from '../audit-store.ts';
import { ensureUser } from '../ensure-user.ts';
import type { AccountServices } from '../services.ts';
import type { User } from '../user-store.ts';
import type { PersonClaims, ProviderAnswer } from './oidc-client.ts';
import type { SsoServices } from './sso-services.ts';
import { claimValues, rolesFromClaim } from './sso-settings.ts';

/** Who the audit trail names for changes single sign-on makes (a person's memberships from their claim). */
export const SSO_ACTOR: AuditActor = { userId: null, userName: 'single sign-on' };

/** What mapping people to users needs of the account services. */
type PeopleServices = Pick<AccountServices, 'now' | 'users' | 'workspaces' | 'audit'>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** A free user name for a new person: their preferred user name, else their e-mail's local part, else their subject, made unique. */
async function freeUserName(services: PeopleServices, claims: PersonClaims): Promise<string> {
  const wanted = (text(claims.preferred_username) ?? text(claims.email)?.split('@')[0] ?? claims.sub).replace(/[^\w.@+-]/g, '-').slice(0, 80) || 'user';
  let name = wanted;
  for (let n = 2; await services.users.byName(name); n += 1) name = `${wanted}-${n}`;
  return name;
}

/**
 * The user a person maps to by the provider's subject (never by name or e-mail): created at their first sign-in, and
 * refused when a service admin disabled them. Records what the provider said of them, in the caller's transaction.
 */
export async function userOfPerson(services: PeopleServices, sso: SsoServices, answer: ProviderAnswer): Promise<User> {
  const { issuer } = sso.settings;
  const now = services.now();
  const known = await sso.store.identityOf(issuer, answer.claims.sub);
  const user = known ? await services.users.byId(known.userId) : await ensureUser(services, await freeUserName(services, answer.claims), false, now, SSO_ACTOR);
  if (!user) throw forbidden('The user this sign-in maps to was deleted: ask a service admin.');
  if (user.disabledAt !== null) throw forbidden(`User "${user.name}" is disabled: ask a service admin.`);
  const { claims, refreshToken } = answer;
  await sso.store.remember({ userId: user.id, issuer, subject: claims.sub, email: text(claims.email), displayName: text(claims.name), refreshToken: refreshToken ?? null, checkedAt: now });
  return user;
}

/**
 * Makes the user's memberships in the workspaces the role rules name what the claim says (added, role changed or
 * removed, each audited). A workspace the rules name that does not exist yet is made by the first person it maps to as
 * an admin; a change that would leave a workspace without an admin is skipped. Runs in the caller's transaction.
 */
export async function applyRoleClaim(services: PeopleServices, sso: SsoServices, user: User, claims: PersonClaims): Promise<void> {
  const { roleRules, roleClaim } = sso.settings;
  const now = services.now();
  for (const [workspaceName, role] of rolesFromClaim(roleRules, claimValues(claims, roleClaim))) {
    let workspace = await services.workspaces.byName(workspaceName);
    if (!workspace) {
      if (role !== 'admin') continue;
      workspace = await services.workspaces.create(workspaceName, null, user.id, now);
    }
    const current = await services.workspaces.roleOf(workspace.id, user.id);
    if (current === (role ?? undefined)) continue;
    const members = await services.workspaces.members(workspace.id);
    const anotherAdmin = members.some((member) => member.role === 'admin' && member.userId !== user.id);
    if (current === 'admin' && !anotherAdmin) continue;
    const change = { workspaceId: workspace.id, target: user.name };
    if (role === null) {
      await services.workspaces.removeMember(workspace.id, user.id);
      await services.audit.record(SSO_ACTOR, { ...change, action: 'member.removed', before: { role: current } }, now);
    } else if (current === undefined) {
      await services.workspaces.addMember(workspace.id, user.id, role, now);
      await services.audit.record(SSO_ACTOR, { ...change, action: 'member.added', after: { role } }, now);
    } else {
      await services.workspaces.setRole(workspace.id, user.id, role satisfies WorkspaceRole);
      await services.audit.record(SSO_ACTOR, { ...change, action: 'member.roleChanged', before: { role: current }, after: { role } }, now);
    }
  }
}
