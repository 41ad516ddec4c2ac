import type { Sql } from '../database/sql.ts';
import type { AuditStore } from './audit-store.ts';
import type { InvitationStore } from './invitation-store.ts';
import type { SsoServices } from './sso/sso-services.ts';
import type { UserStore } from './user-store.ts';
import type { WorkspaceAccess } from './workspace-access.ts';
import type { WorkspaceStore } from './workspace-store.ts';

/** What the accounts domain uses of the service: the storage, the clock, users and workspaces. Every domain's services extend it. */
export interface AccountServices {
  /** The storage connection (SQLite or PostgreSQL): stores and transactions go through it. */
  sql: Sql;
  /** The clock (ms since the epoch); tests may pass their own. */
  now: () => number;
  users: UserStore;
  workspaces: WorkspaceStore;
  /** The workspace lookups, which enforce the caller's role. */
  access: WorkspaceAccess;
  /** The audit trail: every access change is recorded in its transaction. */
  audit: AuditStore;
  invitations: InvitationStore;
  /** Single sign-on through an OpenID provider (`--oidc-issuer`); undefined without it. */
  sso: SsoServices | undefined;
  config: {
    /** Whether a person holding an invitation may create their account with it. */
    allowSignUp: boolean;
    /** Whether user names and passwords are taken (`--no-password-sign-in` turns it off but for service admins). */
    passwordSignIn: boolean;
  };
}
