import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty } from './fields.ts';

/** A password as sent: any text of 10 to 1,000 characters. */
const password = z.string().min(10, 'must have at least 10 characters').max(1000);

/** A key as its owner lists it (never the key itself). */
export const keyRecord = z.object({
  prefix: z.string(),
  name: z.string(),
  readOnly: z.boolean(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable().describe('To the minute; null when never used.'),
  revokedAt: z.number().int().nullable(),
  current: z.boolean().describe('The key this request was made with.'),
});

/** A key just made: the key itself is in this reply only. */
export const issuedKey = z.object({ apiKey: z.string(), prefix: z.string(), name: z.string(), readOnly: z.boolean(), userName: z.string() });

/** Sign-in and the caller's own keys and password (issue 29). */
export const accountEndpoints = {
  signIn: defineEndpoint({
    id: 'ext.signIn',
    summary: 'Exchange a user name and password for a new named API key for this device (no key needed; failures are throttled).',
    group: 'account',
    method: 'POST',
    needs: 'none',
    path: 'ext/sign-in',
    secretReply: true,
    body: z.object({ userName: nonEmpty(200), password: z.string().min(1).max(1000), keyName: nonEmpty(200) }),
    reply: issuedKey,
  }),
  whoAmI: defineEndpoint({
    id: 'ext.me',
    summary: 'Who the calling key acts for: the user, whether a service admin, and the key itself (whether read-only).',
    group: 'account',
    method: 'GET',
    needs: 'read',
    path: 'ext/account/me',
    reply: z.object({
      userName: z.string(),
      isServiceAdmin: z.boolean(),
      key: z.object({ prefix: z.string(), name: z.string(), readOnly: z.boolean() }),
    }),
  }),
  listMyKeys: defineEndpoint({
    id: 'ext.myKeys',
    summary: "The caller's keys with when each was made and last used.",
    group: 'account',
    method: 'GET',
    needs: 'read',
    path: 'ext/account/keys',
    reply: z.object({ keys: z.array(keyRecord) }),
  }),
  createMyKey: defineEndpoint({
    id: 'ext.myKeyCreate',
    summary: 'Make a named key for the caller (optionally read-only), e.g. for a training script; shown once.',
    group: 'account',
    method: 'POST',
    needs: 'write',
    path: 'ext/account/keys/create',
    secretReply: true,
    body: z.object({ name: nonEmpty(200), readOnly: z.boolean().optional() }),
    reply: issuedKey,
  }),
  revokeMyKey: defineEndpoint({
    id: 'ext.myKeyRevoke',
    summary: "Revoke one of the caller's keys by its prefix (signing out revokes the device's key).",
    group: 'account',
    method: 'POST',
    needs: 'read',
    changesOwnAccount: true,
    path: 'ext/account/keys/revoke',
    body: z.object({ prefix: z.string().trim().min(8).max(100) }),
    reply: z.object({ prefix: z.string(), revoked: z.literal(true) }),
  }),
  setMyPassword: defineEndpoint({
    id: 'ext.myPassword',
    summary: "Set the caller's password (the current one is needed when there is one).",
    group: 'account',
    method: 'POST',
    needs: 'write',
    path: 'ext/account/password',
    body: z.object({ currentPassword: z.string().max(1000).optional(), newPassword: password }),
    reply: z.object({ userName: z.string(), changed: z.literal(true) }),
  }),
};

/** A user as service admins list them. */
export const userRecord = z.object({
  userName: z.string(),
  isServiceAdmin: z.boolean(),
  disabled: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.number().int(),
});

/** The users of the service, for service admins (issue 29). */
export const userEndpoints = {
  listUsers: defineEndpoint({
    id: 'ext.users',
    summary: 'Every user of the service (service admins).',
    group: 'users',
    method: 'GET',
    needs: 'service-admin',
    path: 'ext/users',
    reply: z.object({ users: z.array(userRecord) }),
  }),
  createUser: defineEndpoint({
    id: 'ext.userCreate',
    summary:
      'Create a user with a default workspace of their own (named after them, or defaultWorkspaceName), and optionally a password (service admins). ' +
      'A default workspace name someone else already holds → 409: the reply names the workspace the user got, never a surprise.',
    group: 'users',
    method: 'POST',
    needs: 'service-admin',
    path: 'ext/users/create',
    body: z.object({
      userName: nonEmpty(200).regex(/^[\w.@+-]+$/, 'may hold letters, digits and . _ @ + - only'),
      password: password.optional(),
      isServiceAdmin: z.boolean().optional(),
      defaultWorkspaceName: nonEmpty(100).optional().describe("The new user's default workspace (default: their user name); it must not exist yet."),
    }),
    reply: userRecord.extend({ defaultWorkspaceName: z.string().describe('The default workspace the new user got, of which they are the admin.') }),
  }),
  updateUser: defineEndpoint({
    id: 'ext.userUpdate',
    summary: "Disable or enable a user (their keys stop or start working at once), reset their password, make or unmake a service admin (service admins).",
    group: 'users',
    method: 'POST',
    needs: 'service-admin',
    path: 'ext/users/update',
    body: z.object({ userName: nonEmpty(200), disabled: z.boolean().optional(), isServiceAdmin: z.boolean().optional(), password: password.optional() }),
    reply: userRecord,
  }),
};
