import type { AccountServices } from '../accounts/index.ts';
import type { Access } from './access.ts';
import type { ExperimentStore } from './experiment-store.ts';
import type { ProjectStore } from './project-store.ts';
import type { RpcStore } from './rpc-store.ts';

/** The intervals E9 answers (ms). */
export interface KeepAliveIntervals {
  isAliveBeatDurationMillis: number;
  gpuMonitorIntervalMillis: number;
  cpuMonitorIntervalMillis: number;
}

/** What the experiments domain uses of the service: projects, experiments, the access lookups and remote calls. */
export interface ExperimentServices extends AccountServices {
  config: AccountServices['config'] & { keepAlive: KeepAliveIntervals };
  projects: ProjectStore;
  experiments: ExperimentStore;
  /** The lookups that enforce who may see what. */
  access: Access;
  /** Calls to running experiments (E3's stop is one). */
  rpc: RpcStore;
  /** Runs the purge listeners (called by the purge handler after the row is gone). */
  experimentPurged(experimentId: number): Promise<void>;
}
