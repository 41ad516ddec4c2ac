import { openSqlite } from '../server/src/database/sql-sqlite.ts';
import { benchAdmin } from './seed-admin.ts';
import { createExperimentStore } from '../server/src/experiments/experiment-store.ts';
import { createLoggedValueStore } from '../server/src/logged-data/values.ts';
import { numberOf } from '../server/src/logged-data/summary.ts';

/** The sweep projects the analysis panels are measured over: the large one and the baseline. */
export interface ParallelProjects {
  large: { projectId: string; runs: number };
  small: { projectId: string; runs: number };
}

const OPTIMIZERS = ['adam', 'adamw', 'rmsprop', 'sgd'];

/** A deterministic pseudo-random number in [0, 1) for run `run` and parameter `salt`. */
const noise = (run: number, salt: number) => (((run + 1) * 2654435761 + salt * 40503) % 1_000_003) / 1_000_003;

/** The seven parameters of sweep run `run`: six numeric (one log-spread), one categorical. */
const paramsOf = (run: number): [string, number | string][] => [
  ['lr', Number((10 ** (-5 + 4 * noise(run, 1))).toPrecision(3))],
  ['batch', 2 ** (4 + Math.floor(noise(run, 2) * 6))],
  ['dropout', Number((noise(run, 3) * 0.5).toFixed(3))],
  ['layers', 1 + Math.floor(noise(run, 4) * 12)],
  ['warmup', Math.floor(noise(run, 5) * 2000)],
  ['optimizer', OPTIMIZERS[Math.floor(noise(run, 6) * OPTIMIZERS.length)] ?? 'adam'],
  ['weight_decay', Number((noise(run, 7) * 0.1).toFixed(4))],
];

/**
 * Seeds, before the service starts (after `seedProjects`, which creates the admin workspace), two sweep projects of
 * `large` and `small` runs, each run with seven parameters and an `acc` metric of three points, through the storage
 * modules' write paths (parameters as the parameter batch stores them, metrics through the batch append of E29).
 */
export async function seedParallelProjects(serviceDataDir: string, large: number, small: number): Promise<ParallelProjects> {
  const db = openSqlite(serviceDataDir);
  try {
    const now = Date.now();
    const { workspace, admin, newProject } = await benchAdmin(db);
    const experiments = createExperimentStore(db);
    const values = createLoggedValueStore(db);
    const seed = (name: string, runs: number) =>
      db.transaction(async () => {
        const project = await newProject(name, now);
        for (let run = 0; run < runs; run += 1) {
          const started = now - (runs - run) * 1000;
          const experiment = await experiments.create({ workspaceId: workspace.id, projectId: project.id, name: `sweep-${run}`, userId: admin.id }, started);
          for (const [name, value] of paramsOf(run)) {
            await values.logValue(experiment.id, 'parameter', name, { value: String(value), number: numberOf(String(value)), timestamp: started, step: null, context: null });
          }
          const final = 0.5 + noise(run, 8) * 0.45;
          const points = [0.3, 0.8, 1].map((part, step) => ({ name: 'acc', value: final * part, timestamp: started + step, step, epoch: null, context: null }));
          await values.appendMetrics(experiment.id, points, Number.POSITIVE_INFINITY);
        }
        return { projectId: project.uuid, runs };
      });
    return { large: await seed('bench-parallel', large), small: await seed('bench-parallel-small', small) };
  } finally {
    await db.close();
  }
}
