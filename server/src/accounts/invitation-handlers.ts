import { randomBytes, randomUUID } from 'node:crypto';
import { SdkError } from '../../../shared/api/index.ts';
import { ApiError, forbidden, notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import { prefersHtml } from '../http/html-page.ts';
import { passwordSignInOff } from './account-handlers.ts';
import { issueDeviceKey } from './device-keys.ts';
import { ensureUser } from './ensure-user.ts';
import { hashApiKey } from './keys.ts';
import { invitationLink, sendClosedInvitationPage, sendInvitationPage } from './invitation-page.ts';
import type { Invitation } from './invitation-store.ts';
import { hashPassword } from './passwords.ts';
import type { AccountServices } from './services.ts';

/** How long an invitation stays open when its maker names no time (hours). */
const DEFAULT_HOURS = 72;
const HOUR_MS = 3_600_000;

/** An invitation token is as random as an API key, so it is stored the same way: its SHA-256. */
const hashToken = hashApiKey;

/** An invitation's state at `now`. */
const stateOf = (invitation: Invitation, now: number) =>
  invitation.revokedAt !== null ? 'revoked' as const : invitation.usedAt !== null ? 'used' as const : invitation.expiresAt <= now ? 'expired' as const : 'open' as const;

/** An invitation as admins list it. */
const toRecord = (invitation: Invitation, now: number) => ({
  invitationId: invitation.uuid,
  role: invitation.role,
  createdBy: invitation.createdBy,
  createdAt: invitation.createdAt,
  expiresAt: invitation.expiresAt,
  state: stateOf(invitation, now),
  usedBy: invitation.usedBy,
  usedAt: invitation.usedAt,
});

/** One answer for every token that opens nothing, so that a token's fate says nothing to whoever guesses. */
const closed = () => notFound('This invitation link is unknown, used, expired or revoked: ask an admin of the workspace for a new one.');

/** Handlers of invitations: admins make, list and revoke them; their holder reads, accepts, or signs up with one. */
export function createInvitationHandlers(services: AccountServices): HandlerTable {
  const { access, audit, invitations, users, workspaces } = services;
  /** The open invitation a token names, or the one 404. */
  const openInvitation = async (token: string, now: number): Promise<Invitation> => {
    const invitation = await invitations.byTokenHash(hashToken(token));
    if (!invitation || stateOf(invitation, now) !== 'open') throw closed();
    return invitation;
  };
  return {
    createInvitation: ({ body, caller, request }) =>
      services.sql.transaction(async () => {
        const workspace = await access.workspace(caller, body.workspaceName);
        const now = services.now();
        const token = randomBytes(32).toString('base64url');
        const uuid = randomUUID();
        const expiresAt = now + (body.expiresInHours ?? DEFAULT_HOURS) * HOUR_MS;
        await invitations.create({ uuid, tokenHash: hashToken(token), workspaceId: workspace.id, role: body.role, createdBy: caller.userId, expiresAt }, now);
        await audit.record(caller, { workspaceId: workspace.id, action: 'invitation.created', target: uuid, after: { role: body.role, expiresAt } }, now);
        const made = await invitations.byUuid(workspace.id, uuid);
        if (!made) throw new Error('the invitation just made is missing');
        return { ...toRecord(made, now), token, link: invitationLink(request, token) };
      }),
    listInvitations: async ({ query, caller }) => {
      const workspace = await access.workspace(caller, query.workspaceName);
      const now = services.now();
      return { invitations: (await invitations.list(workspace.id)).map((invitation) => toRecord(invitation, now)) };
    },
    revokeInvitation: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const workspace = await access.workspace(caller, body.workspaceName);
        const now = services.now();
        const invitation = await invitations.byUuid(workspace.id, body.invitationId);
        if (!invitation) throw notFound(`No invitation "${body.invitationId}" in workspace "${workspace.name}".`);
        if (stateOf(invitation, now) !== 'open' || !await invitations.revoke(invitation.id, now)) {
          throw new ApiError(409, SdkError.conflict, `The invitation is ${stateOf(invitation, now)}: only an open one can be revoked.`);
        }
        await audit.record(caller, { workspaceId: workspace.id, action: 'invitation.revoked', target: invitation.uuid, before: { role: invitation.role } }, now);
        return toRecord({ ...invitation, revokedAt: now }, now);
      }),
    invitationDetails: async ({ query, request, reply }) => {
      // A browser opening the link gets a page that hands it to the app; API clients (the app's backend) get JSON.
      const browser = prefersHtml(request.headers.accept);
      const invitation = await openInvitation(query.token, services.now()).catch((error: unknown) => {
        if (browser && error instanceof ApiError) return error;
        throw error;
      });
      if (invitation instanceof ApiError) return sendClosedInvitationPage(reply, invitation.message);
      const { workspaceName, role, expiresAt, createdBy } = invitation;
      const summary = { workspaceName, role, expiresAt, invitedBy: createdBy, signUpAllowed: services.config.allowSignUp };
      return browser ? sendInvitationPage(reply, invitationLink(request, query.token), summary) : summary;
    },
    acceptInvitation: ({ body, caller }) =>
      services.sql.transaction(async () => {
        const now = services.now();
        const invitation = await openInvitation(body.token, now);
        const current = await workspaces.roleOf(invitation.workspaceId, caller.userId);
        if (current) throw new ApiError(409, SdkError.conflict, `You are already ${current === 'admin' ? 'an' : 'a'} ${current} of workspace "${invitation.workspaceName}"; the invitation stays open.`);
        if (!await invitations.use(invitation.id, caller.userId, now)) throw closed();
        await workspaces.addMember(invitation.workspaceId, caller.userId, invitation.role, now);
        await audit.record(caller, { workspaceId: invitation.workspaceId, action: 'invitation.used', target: caller.userName, after: { role: invitation.role, invitationId: invitation.uuid } }, now);
        return { workspaceName: invitation.workspaceName, role: invitation.role };
      }),
    signUpWithInvitation: async ({ body }) => {
      if (!services.config.allowSignUp) throw forbidden('This service does not allow sign-up by invitation: ask a service admin for an account, then open the invitation again.');
      if (!services.config.passwordSignIn) throw forbidden(passwordSignInOff(services));
      await openInvitation(body.token, services.now());
      const passwordHash = await hashPassword(body.password);
      return services.sql.transaction(async () => {
        const now = services.now();
        const invitation = await openInvitation(body.token, now);
        if (await users.byName(body.userName)) throw new ApiError(409, SdkError.conflict, `A user named "${body.userName}" already exists: sign in, then open the invitation again.`);
        const by = { userId: null, userName: body.userName };
        const user = await ensureUser({ users, workspaces, audit }, body.userName, false, now, by);
        await users.setPasswordHash(user.id, passwordHash);
        if (!await invitations.use(invitation.id, user.id, now)) throw closed();
        await workspaces.addMember(invitation.workspaceId, user.id, invitation.role, now);
        const actor = { userId: user.id, userName: user.name };
        await audit.record(actor, { workspaceId: invitation.workspaceId, action: 'invitation.used', target: user.name, after: { role: invitation.role, invitationId: invitation.uuid, signedUp: true } }, now);
        const key = await issueDeviceKey(services, user, { name: body.keyName, readOnly: false }, actor);
        return { apiKey: key.apiKey, prefix: key.prefix, userName: user.name, workspaceName: invitation.workspaceName, role: invitation.role };
      });
    },
  };
}
