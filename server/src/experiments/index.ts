/** The experiments domain (projects and the experiments in them: their lifecycle, the access lookups, remote calls): what other domains and the process may use of it. */
export { createAccess } from './access.ts';
export { createExperimentHandlers, startEndTimes } from './experiment-handlers.ts';
export { EXPERIMENT_SELECT, createExperimentStore, toExperiment } from './experiment-store.ts';
export type { Experiment, ExperimentRecord, ExperimentStore } from './experiment-store.ts';
export { registerExperimentPage } from './experiment-page.ts';
export { createExperimentLifecycleHandlers } from './lifecycle-handlers.ts';
export { createProjectHandlers } from './project-handlers.ts';
export { createProjectStore } from './project-store.ts';
export { toExperimentMetadata } from './records.ts';
export { createRpcHandlers } from './rpc-handlers.ts';
export { createRpcStore } from './rpc-store.ts';
export { runName } from './run-names.ts';
export type { ExperimentServices, KeepAliveIntervals } from './services.ts';
export { ensureUncategorized } from './uncategorized.ts';
