import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import { ensureUser } from './ensure-user.ts';
import { hashPassword } from './passwords.ts';
import type { AccountServices } from './services.ts';
import type { User } from './user-store.ts';

/** A user as service admins list them. */
const toRecord = (user: User) => ({
  userName: user.name,
  isServiceAdmin: user.isAdmin,
  disabled: user.disabledAt !== null,
  hasPassword: user.passwordHash !== null,
  createdAt: user.createdAt,
});

/**
 * The 409 of a new user whose default workspace name someone already holds (issue 41): the user would not be its admin,
 * so the service admin chooses another name rather than the user silently getting a suffixed one.
 */
const workspaceTaken = (name: string, chosen: boolean) =>
  new ApiError(
    409,
    SdkError.conflict,
    chosen
      ? `A workspace named "${name}" already exists: choose another defaultWorkspaceName.`
      : `A workspace named "${name}" already exists and is not this new user's: send "defaultWorkspaceName" to name their default workspace (e.g. "${name}-home").`,
  );

/** Handlers of the users of the service (service admins): list, create, disable or enable, reset a password, promote. */
export function createUserHandlers(services: AccountServices): HandlerTable {
  const { audit, users, workspaces } = services;
  return {
    listUsers: async () => ({ users: (await users.list()).map(toRecord) }),
    createUser: async ({ body, caller }) => {
      const hash = body.password === undefined ? null : await hashPassword(body.password);
      return services.sql.transaction(async () => {
        if (await users.byName(body.userName)) throw new ApiError(409, SdkError.conflict, `A user named "${body.userName}" already exists.`);
        const wanted = body.defaultWorkspaceName ?? body.userName;
        if (await workspaces.byName(wanted)) throw workspaceTaken(wanted, body.defaultWorkspaceName !== undefined);
        const user = await ensureUser({ users, workspaces, audit }, body.userName, body.isServiceAdmin ?? false, services.now(), caller, wanted);
        if (hash !== null) await users.setPasswordHash(user.id, hash);
        return { ...toRecord({ ...user, passwordHash: hash }), defaultWorkspaceName: (await workspaces.defaultForUser(user.id))?.name ?? wanted };
      });
    },
    updateUser: async ({ body, caller }) => {
      const hash = body.password === undefined ? undefined : await hashPassword(body.password);
      return services.sql.transaction(async () => {
        const user = await users.byName(body.userName);
        if (!user) throw notFound(`No user named "${body.userName}".`);
        const disabled = body.disabled ?? user.disabledAt !== null;
        const isServiceAdmin = body.isServiceAdmin ?? user.isAdmin;
        const staysActiveAdmin = isServiceAdmin && !disabled;
        if (user.isAdmin && user.disabledAt === null && !staysActiveAdmin && await users.activeAdminCount() <= 1) {
          throw new ApiError(409, SdkError.conflict, `"${user.name}" is the last active service admin: make another user a service admin first.`);
        }
        const now = services.now();
        if (disabled !== (user.disabledAt !== null)) await users.setDisabled(user.id, disabled ? now : null);
        if (isServiceAdmin !== user.isAdmin) await users.setAdmin(user.id, isServiceAdmin);
        if (hash !== undefined) await users.setPasswordHash(user.id, hash);
        const before = { disabled: user.disabledAt !== null, isServiceAdmin: user.isAdmin };
        const after = { disabled, isServiceAdmin, ...(hash === undefined ? {} : { passwordReset: true }) };
        await audit.record(caller, { workspaceId: null, action: 'user.updated', target: user.name, before, after }, now);
        return toRecord({ ...user, disabledAt: disabled ? (user.disabledAt ?? now) : null, isAdmin: isServiceAdmin, passwordHash: hash ?? user.passwordHash });
      });
    },
  };
}
