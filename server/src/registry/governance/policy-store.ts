import type { z } from 'zod';
import type { approvalRule } from '../../../../shared/api/registry-governance.ts';
import type { Sql } from '../../database/sql.ts';

/** One approval rule: putting a version into a stage or status needs another user's approval. */
export type ApprovalRule = z.output<typeof approvalRule>;

/** Approval policies: a workspace default and per-model rules (a model's own rules replace the default). */
export interface RegistryPolicyStore {
  /** The rules set at one level (model id null: the workspace default); undefined when none are set there. */
  rulesAt(workspaceId: number, registryModelId: number | null): Promise<ApprovalRule[] | undefined>;
  /** Sets (rules) or removes (null) the rules at one level. */
  set(workspaceId: number, registryModelId: number | null, rules: ApprovalRule[] | null, userName: string, now: number): Promise<void>;
  /** The rules in force for a model: its own when set, else the workspace default, else none. */
  effective(workspaceId: number, registryModelId: number): Promise<ApprovalRule[]>;
}

/** Creates the policy store over a database. */
export function createRegistryPolicyStore(db: Sql): RegistryPolicyStore {
  const select = db.prepare<[number, number], string>('SELECT rules FROM registry_policies WHERE workspace_id = ? AND coalesce(registry_model_id, 0) = ?').pluck();
  const remove = db.prepare<[number, number]>('DELETE FROM registry_policies WHERE workspace_id = ? AND coalesce(registry_model_id, 0) = ?');
  const insert = db.prepare('INSERT INTO registry_policies (workspace_id, registry_model_id, rules, updated_by, last_updated) VALUES (?, ?, ?, ?, ?)');
  const rulesAt = async (workspaceId: number, registryModelId: number | null): Promise<ApprovalRule[] | undefined> => {
    const text = await select.get(workspaceId, registryModelId ?? 0);
    return text === undefined ? undefined : (JSON.parse(text) as ApprovalRule[]);
  };
  return {
    rulesAt,
    set: (workspaceId: number, registryModelId: number | null, rules: ApprovalRule[] | null, userName: string, now: number) => db.transaction(async () => {
      await remove.run(workspaceId, registryModelId ?? 0);
      if (rules !== null) await insert.run(workspaceId, registryModelId, JSON.stringify(rules), userName, now);
    }),
    effective: async (workspaceId, registryModelId) => await rulesAt(workspaceId, registryModelId) ?? await rulesAt(workspaceId, null) ?? [],
  };
}
