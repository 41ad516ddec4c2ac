import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty } from './fields.ts';
import { workspaceRole } from './members.ts';

/** An invitation as workspace admins list it (never its token). */
export const invitationRecord = z.object({
  invitationId: z.string(),
  role: workspaceRole,
  createdBy: z.string().nullable(),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  state: z.enum(['open', 'used', 'expired', 'revoked']),
  usedBy: z.string().nullable(),
  usedAt: z.number().int().nullable(),
});

/** What an invitation's token opens, for whoever holds it (before joining). */
export const invitationInfo = z.object({
  workspaceName: z.string(),
  role: workspaceRole,
  expiresAt: z.number().int(),
  invitedBy: z.string().nullable(),
  signUpAllowed: z.boolean().describe('Whether the service lets the holder create an account with it.'),
});

const token = z.string().trim().min(20).max(200);
const group = 'invitations';

/** Invitations to a workspace (issue 29): admins make single-use, expiring links with a role; the holder joins with them. */
export const invitationEndpoints = {
  createInvitation: defineEndpoint({
    id: 'ext.invitationCreate',
    summary: 'Make a single-use invitation link to a workspace with a role, expiring after some hours (workspace admins); shown once.',
    group,
    method: 'POST',
    needs: 'workspace-admin',
    path: 'ext/workspace/invitations/create',
    body: z.object({ workspaceName: nonEmpty(100), role: workspaceRole, expiresInHours: z.number().int().min(1).max(720).optional().describe('Default 72.') }),
    reply: invitationRecord.extend({ token: z.string(), link: z.string().describe('What to send the person: the app joins with it.') }),
  }),
  listInvitations: defineEndpoint({
    id: 'ext.invitations',
    summary: "A workspace's invitations, newest first, with their state (workspace admins).",
    group,
    method: 'GET',
    needs: 'workspace-admin',
    path: 'ext/workspace/invitations',
    query: z.object({ workspaceName: nonEmpty(100) }),
    reply: z.object({ invitations: z.array(invitationRecord) }),
  }),
  revokeInvitation: defineEndpoint({
    id: 'ext.invitationRevoke',
    summary: 'Revoke an open invitation (workspace admins).',
    group,
    method: 'POST',
    needs: 'workspace-admin',
    path: 'ext/workspace/invitations/revoke',
    body: z.object({ workspaceName: nonEmpty(100), invitationId: nonEmpty(100) }),
    reply: invitationRecord,
  }),
  invitationDetails: defineEndpoint({
    id: 'ext.invitationInfo',
    summary: 'What an invitation token opens: workspace, role, expiry (no key needed; 404 for a used, expired, revoked or unknown one). A browser (Accept ranking text/html above JSON) gets an HTML page that opens it in Trackdesk.',
    group,
    method: 'GET',
    needs: 'none',
    path: 'ext/invitations/info',
    query: z.object({ token }),
    reply: invitationInfo,
  }),
  acceptInvitation: defineEndpoint({
    id: 'ext.invitationAccept',
    summary: "Join the invitation's workspace with its role, as the caller; the invitation is used up.",
    group,
    method: 'POST',
    needs: 'write',
    path: 'ext/invitations/accept',
    body: z.object({ token }),
    reply: z.object({ workspaceName: z.string(), role: workspaceRole }),
  }),
  signUpWithInvitation: defineEndpoint({
    id: 'ext.invitationSignUp',
    summary: 'Create an account with an invitation and join its workspace, answering a key for this device (only where the service allows sign-up by invitation).',
    group,
    method: 'POST',
    needs: 'none',
    path: 'ext/invitations/sign-up',
    secretReply: true,
    body: z.object({
      token,
      userName: nonEmpty(200).regex(/^[\w.@+-]+$/, 'may hold letters, digits and . _ @ + - only'),
      password: z.string().min(10, 'must have at least 10 characters').max(1000),
      keyName: nonEmpty(200),
    }),
    reply: z.object({ apiKey: z.string(), prefix: z.string(), userName: z.string(), workspaceName: z.string(), role: workspaceRole }),
  }),
};
