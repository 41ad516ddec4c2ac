import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, forbidden, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { AuditActor } from './audit-store.ts';
import { issueDeviceKey } from './device-keys.ts';
import { DECOY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import type { AccountServices } from './services.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import type { User } from './user-store.ts';

/** What a person who may not use a password is told: password sign-in is off, and how to sign in instead. */
export const passwordSignInOff = (services: Pick<AccountServices, 'sso'>): string =>
  `Password sign-in is off on this service${services.sso ? `: sign in with ${services.sso.settings.displayName}` : ''}.`;

/** The one answer for an unknown user, a wrong password and a user without one. */
const refused = () => new ApiError(401, SdkError.signInRefused, 'Wrong user name or password.');

/** Handlers of sign-in and of the caller's own keys and password. */
export function createAccountHandlers(services: AccountServices): HandlerTable {
  const { audit, users } = services;
  const throttle = createSignInThrottle(services.sql);
  const issue = (user: Pick<User, 'id' | 'name'>, name: string, readOnly: boolean, by: AuditActor) => issueDeviceKey(services, user, { name, readOnly }, by);
  /** Whether the password is the user's, taking as long for an unknown user or one without a password. */
  const passwordMatches = async (user: User | undefined, password: string) =>
    (await verifyPassword(password, user?.passwordHash ?? DECOY_HASH)) && user !== undefined && user.passwordHash !== null;
  return {
    signIn: async ({ body, request }) => {
      const now = services.now();
      const attempt = await throttle.reserve(body.userName, request.ip, now);
      const user = await users.byName(body.userName);
      const matches = await passwordMatches(user, body.password);
      if (!user || !matches) {
        await audit.record({ userId: null, userName: 'anonymous' }, { workspaceId: null, action: 'signIn.failed', target: body.userName, after: { address: request.ip } }, now);
        throw refused();
      }
      await attempt.succeeded();
      if (user.disabledAt !== null) throw forbidden(`User "${user.name}" is disabled: ask a service admin.`);
      // With password sign-in off, only a service admin gets in with a password (the way in when single sign-on fails).
      if (!services.config.passwordSignIn && !user.isAdmin) throw forbidden(passwordSignInOff(services));
      return issue(user, body.keyName, false, { userId: user.id, userName: user.name });
    },
    whoAmI: async ({ caller }) => {
      const key = (await users.listKeys(caller.userId)).find((owned) => owned.prefix === caller.keyPrefix && owned.revokedAt === null);
      if (!key) throw notFound(`No live key of "${caller.userName}" starts with "${caller.keyPrefix}".`);
      return { userName: caller.userName, isServiceAdmin: caller.isServiceAdmin, key: { prefix: key.prefix, name: key.name, readOnly: caller.readOnly } };
    },
    listMyKeys: async ({ caller }) => ({
      keys: (await users.listKeys(caller.userId)).map(({ userName: _owner, ...key }) => ({ ...key, current: key.prefix === caller.keyPrefix })),
    }),
    createMyKey: ({ body, caller }) => issue({ id: caller.userId, name: caller.userName }, body.name, body.readOnly ?? false, caller),
    revokeMyKey: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const now = services.now();
        if (await users.revokeKeys(body.prefix, now, caller.userId) === 0) throw notFound(`No live key of "${caller.userName}" starts with "${body.prefix}".`);
        await audit.record(caller, { workspaceId: null, action: 'key.revoked', target: body.prefix, after: { userName: caller.userName } }, now);
        return { prefix: body.prefix, revoked: true as const };
      }),
    setMyPassword: async ({ body, caller, request }) => {
      const now = services.now();
      const user = await users.byId(caller.userId);
      if (!user) throw notFound(`No user "${caller.userName}".`);
      if (user.passwordHash !== null) {
        const attempt = await throttle.reserve(user.name, request.ip, now);
        if (body.currentPassword === undefined || !await verifyPassword(body.currentPassword, user.passwordHash)) {
          throw forbidden('The current password is wrong: send it as currentPassword to set a new one.');
        }
        await attempt.succeeded();
      }
      const hash = await hashPassword(body.newPassword);
      return services.sql.transaction(async () => {
        await users.setPasswordHash(user.id, hash);
        await audit.record(caller, { workspaceId: null, action: 'user.passwordChanged', target: user.name }, now);
        return { userName: user.name, changed: true as const };
      });
    },
  };
}
