import type { AssetServices } from '../assets/index.ts';
import type { LoggedDataServices } from '../logged-data/index.ts';
import type { WebhookServices } from '../webhooks/index.ts';
import type { PromotionEvidenceStore } from './governance/evidence-store.ts';
import type { PromotionRequestStore } from './governance/request-store.ts';
import type { RegistryPolicyStore } from './governance/policy-store.ts';
import type { RegistryHistoryStore } from './history-store.ts';
import type { RegistryStore } from './registry-store.ts';
import type { RegistryStatusStore } from './status-store.ts';

/** What the registry domain uses of the service. */
export interface RegistryServices extends AssetServices, WebhookServices, Pick<LoggedDataServices, 'loggedData'> {
  config: AssetServices['config'];
  /** Registry models and versions; every version change writes its history entry. */
  registry: RegistryStore;
  /** The history of registry versions (read side; the registry store writes it). */
  registryHistory: RegistryHistoryStore;
  /** Each workspace's allowed registry status values. */
  registryStatuses: RegistryStatusStore;
  /** Approval policies of the registry (workspace default and per model). */
  registryPolicies: RegistryPolicyStore;
  /** Changes held back by a policy until another user approves them. */
  promotionRequests: PromotionRequestStore;
  /** What each promotion request's approver saw, recorded when it was filed and when it was decided. */
  promotionEvidence: PromotionEvidenceStore;
}
