import type { Project } from './project-store.ts';
import type { ExperimentServices } from './services.ts';

/** Where the experiments of a project deleted with deleteAllExperiments=false go (and restored orphans). */
export const UNCATEGORIZED_PROJECT = 'Uncategorized';

/** The workspace's "Uncategorized" project, created when missing. Call inside a transaction. */
export async function ensureUncategorized(services: ExperimentServices, workspaceId: number, ownerUserId: number): Promise<Project> {
  const existing = await services.projects.byName(workspaceId, UNCATEGORIZED_PROJECT);
  if (existing) return existing;
  const description = 'Experiments whose project was deleted without deleting its experiments.';
  return services.projects.create({ workspaceId, name: UNCATEGORIZED_PROJECT, description, isPublic: false, ownerUserId }, services.now());
}
