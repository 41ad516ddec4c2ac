import { badRequest } from '../../http/api-error.ts';
import type { Caller, HandlerTable } from '../../http/handler.ts';
import type { RegistryServices } from '../services.ts';
import type { ApprovalRule } from './policy-store.ts';
import type { Workspace } from '../../accounts/index.ts';
import { registryChanges } from '../changes.ts';
import { registryGuarded } from './guarded.ts';
import { createRegistryRequestHandlers } from './request-handlers.ts';
import { mapInOrder } from '../../database/in-order.ts';
import { registryLookups } from '../support.ts';

/**
 * Handlers of the governance extensions (issue 14): the one-step move, the approval policies and, from
 * registry-requests.ts, the promotion requests.
 */
export function createRegistryGovernanceHandlers(services: RegistryServices): HandlerTable {
  const { access, registryPolicies, users, workspaces } = services;
  const lookups = registryLookups(services);
  const changes = registryChanges(services);
  const guarded = registryGuarded(services);
  const transaction = <T>(work: () => T | Promise<T>): Promise<T> => services.sql.transaction(async () => work());

  /** The policy record of a model (or of the workspace default when `modelId` is null). */
  const policyRecord = async (workspace: Workspace, model: { id: number; name: string } | null) => {
    const workspaceDefault = await registryPolicies.rulesAt(workspace.id, null) ?? [];
    const rules = await registryPolicies.rulesAt(workspace.id, model?.id ?? null) ?? null;
    return {
      workspaceName: workspace.name,
      modelName: model?.name ?? null,
      rules,
      workspaceDefault,
      effective: model ? await registryPolicies.effective(workspace.id, model.id) : workspaceDefault,
    };
  };
  /** Rules checked: one per kind and value (case ignored), allowed status values, approvers who are members of the workspace. */
  const checkedRules = (workspace: Workspace, rules: ApprovalRule[]): Promise<ApprovalRule[]> => {
    const seen = new Set<string>();
    return mapInOrder(rules, async (rule) => {
      const value = rule.kind === 'status' ? await changes.allowedStatus(workspace, rule.value) : rule.value.trim();
      const key = `${rule.kind}:${value.toLowerCase()}`;
      if (seen.has(key)) throw badRequest(`The ${rule.kind} "${value}" has more than one rule: keep one.`);
      seen.add(key);
      const approvers = [...new Set(rule.approvers.map((name) => name.trim()))];
      for (const name of approvers) {
        const user = await users.byName(name);
        if (!user) throw badRequest(`The approver "${name}" of ${rule.kind} "${value}" is not a user of this service.`);
        if (!await workspaces.isMember(workspace.id, user.id)) throw badRequest(`The approver "${name}" is not a member of workspace "${workspace.name}".`);
      }
      return { kind: rule.kind, value, approvers };
    });
  };
  const scope = async (caller: Caller, workspaceName: string, modelName: string | null | undefined) => {
    if (!modelName) return { workspace: await access.workspace(caller, workspaceName), model: null };
    return lookups.model(caller, workspaceName, modelName);
  };

  return {
    ...createRegistryRequestHandlers(services),
    moveRegistryModelVersion: ({ body, caller }) =>
      transaction(async () => guarded.move(caller, await lookups.version(caller, body.registryModelItemId), body, 'ext.registryMove')),
    registryPolicy: async ({ query, caller }) => {
      const { workspace, model } = await scope(caller, query.workspaceName, query.modelName);
      return policyRecord(workspace, model);
    },
    setRegistryPolicy: ({ body, caller }) =>
      transaction(async () => {
        const { workspace, model } = await scope(caller, body.workspaceName, body.modelName);
        const rules = body.rules === null ? null : await checkedRules(workspace, body.rules);
        const before = (await registryPolicies.rulesAt(workspace.id, model?.id ?? null)) ?? null;
        const now = services.now();
        await registryPolicies.set(workspace.id, model?.id ?? null, rules, caller.userName, now);
        await services.audit.record(caller, { workspaceId: workspace.id, action: 'registry.policyChanged', target: model?.name ?? '', before, after: rules }, now);
        return policyRecord(workspace, model);
      }),
  };
}
