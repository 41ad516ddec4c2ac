/** The accounts domain (users, workspaces and API keys): what other domains and the process may use of it. */
export { createAccountHandlers } from './account-handlers.ts';
export { createAuditHandlers } from './audit-handlers.ts';
export { createAuditStore, SERVICE_HOST } from './audit-store.ts';
export type { AuditStore } from './audit-store.ts';
export { ADMIN_USER, ensureUser } from './ensure-user.ts';
export { createInvitationHandlers } from './invitation-handlers.ts';
export { createInvitationStore } from './invitation-store.ts';
export { createAuthenticator, generateApiKey, issueApiKey, listApiKeys, registerApiKey, revokeApiKeys } from './keys.ts';
export { createMemberHandlers } from './member-handlers.ts';
export { hashPassword } from './passwords.ts';
export type { AccountServices } from './services.ts';
export { createUserHandlers } from './user-handlers.ts';
export { createUserStore } from './user-store.ts';
export { createWorkspaceAccess } from './workspace-access.ts';
export type { WorkspaceAccess } from './workspace-access.ts';
export { createWorkspaceHandlers } from './workspace-handlers.ts';
export { createWorkspaceStore } from './workspace-store.ts';
export type { Workspace, WorkspaceStore } from './workspace-store.ts';
