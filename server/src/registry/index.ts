/** The registry domain (registry models, versions, stages and history, with approval governance): what other domains and the process may use of it. */
export { createPromotionEvidenceStore } from './governance/evidence-store.ts';
export { createRegistryPolicyStore } from './governance/policy-store.ts';
export { createPromotionRequestStore } from './governance/request-store.ts';
export { createRegistryHistoryStore } from './history-store.ts';
export { createRegistryHandlers } from './registry-handlers.ts';
export { createRegistryStore } from './registry-store.ts';
export type { RegistryServices } from './services.ts';
export { createRegistryStatusStore } from './status-store.ts';
