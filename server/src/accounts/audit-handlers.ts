import { notFound } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { AuditFilter } from './audit-store.ts';
import type { AccountServices } from './services.ts';

/** The page size of an audit read that names none. */
const DEFAULT_LIMIT = 200;

/** The filters an audit read shares, from its query. */
const filterOf = (query: Omit<AuditFilter, 'limit' | 'workspaceId'> & { limit?: number }): AuditFilter => ({
  ...query,
  limit: query.limit ?? DEFAULT_LIMIT,
});

/** Handlers of the audit trail reads: a workspace's for its admins, the whole service's for service admins. */
export function createAuditHandlers(services: AccountServices): HandlerTable {
  const { access, audit, workspaces } = services;
  return {
    workspaceAuditTrail: async ({ query, caller }) => {
      const { workspaceName, ...filters } = query;
      const workspace = await access.workspace(caller, workspaceName);
      return { events: await audit.list({ ...filterOf(filters), workspaceId: workspace.id }) };
    },
    serviceAuditTrail: async ({ query }) => {
      const { workspaceName, ...filters } = query;
      const workspace = workspaceName ? await workspaces.byName(workspaceName) : undefined;
      if (workspaceName && !workspace) throw notFound(`No workspace named "${workspaceName}".`);
      return { events: await audit.list({ ...filterOf(filters), ...(workspace ? { workspaceId: workspace.id } : {}) }) };
    },
  };
}
