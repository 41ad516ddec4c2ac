import { z } from 'zod';
import { defineEndpoint } from './define.ts';
import { nonEmpty, queryInt } from './fields.ts';

/** What the audit trail records: every change of who may do what (issue 29). */
export const auditActions = [
  'workspace.created',
  'workspace.renamed',
  'member.added',
  'member.roleChanged',
  'member.removed',
  'member.left',
  'invitation.created',
  'invitation.used',
  'invitation.revoked',
  'webhooks.configChanged',
  'registry.policyChanged',
  'user.created',
  'user.updated',
  'user.passwordChanged',
  'signIn.failed',
  'key.created',
  'key.revoked',
  'sso.accessEnded',
] as const;

/** One entry of the audit trail: who (and with which key), when, where, what, and the state before and after. */
export const auditRecord = z.object({
  id: z.number().int(),
  at: z.number().int(),
  actorName: z.string().describe('The user who made the change; "service host" for the keys CLI on the host.'),
  keyPrefix: z.string().nullable().describe('The first characters of the key the change was made with.'),
  workspaceName: z.string().nullable().describe('Null for changes of the whole service (users, keys).'),
  action: z.enum(auditActions),
  target: z.string().describe('What changed: a user name, a model name ("" for the workspace default), a key prefix.'),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});

const filters = {
  actor: z.string().trim().max(200).optional().describe('Only changes made by this user.'),
  action: z.enum(auditActions).optional(),
  since: queryInt.pipe(z.number().int().min(0)).optional().describe('Only changes at or after this time (ms).'),
  until: queryInt.pipe(z.number().int().min(0)).optional().describe('Only changes at or before this time (ms).'),
  beforeId: queryInt.pipe(z.number().int().min(1)).optional().describe('The next page: entries older than this id.'),
  limit: queryInt.pipe(z.number().int().min(1).max(1000)).optional().describe('At most this many entries (default 200), newest first.'),
};
const auditReply = z.object({ events: z.array(auditRecord) });

/** Reads of the audit trail: a workspace's for its admins, the whole service's for service admins. */
export const auditEndpoints = {
  workspaceAuditTrail: defineEndpoint({
    id: 'ext.auditWorkspace',
    summary: "A workspace's audit trail, newest first (workspace admins).",
    group: 'audit',
    method: 'GET',
    needs: 'workspace-admin',
    path: 'ext/audit/workspace',
    query: z.object({ workspaceName: nonEmpty(100), ...filters }),
    reply: auditReply,
  }),
  serviceAuditTrail: defineEndpoint({
    id: 'ext.auditService',
    summary: "The whole service's audit trail, newest first (service admins).",
    group: 'audit',
    method: 'GET',
    needs: 'service-admin',
    path: 'ext/audit',
    query: z.object({ workspaceName: z.string().trim().max(100).optional(), ...filters }),
    reply: auditReply,
  }),
};
