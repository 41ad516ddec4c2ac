import { badRequest } from '../http/api-error.ts';
import type { HandlerTable } from '../http/handler.ts';
import type { SearchServices } from './services.ts';
import { type Experiment, toExperimentMetadata } from '../experiments/index.ts';
import { SearchQueryError } from './compare.ts';

/** Searches answer 400 with the compiler's message for a query naming unknown columns, operators or ill-typed values. */
async function asClientError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SearchQueryError) throw badRequest(error.message);
    throw error;
  }
}

/** Experiments per page of the list when a page is asked for without a size. */
const PAGE_SIZE = 100;

/** Handlers of project search (clients.md A.3): column names, project/query and experiments/search; and the experiment list, paged by the same queries. */
export function createSearchHandlers(services: SearchServices): HandlerTable {
  const { access, search, experiments, config } = services;
  const clock = () => ({ now: services.now(), beatMillis: config.keepAlive.isAliveBeatDurationMillis });
  const metadata = (experiment: Experiment, now: number) => toExperimentMetadata(experiment, now, config.keepAlive.isAliveBeatDurationMillis);
  return {
    listExperiments: async ({ query, caller }) => {
      const project = await access.project(caller, query);
      const archived = query.archived ?? false;
      const paged = query.page !== undefined || query.size !== undefined || query.sortBy !== undefined || query.sortOrder !== undefined;
      if (!paged) return { experiments: (await experiments.listInProject(project.id, archived)).map((experiment) => metadata(experiment, services.now())) };
      const limit = query.size ?? (query.page === undefined ? null : PAGE_SIZE);
      const page = { archived, sortBy: query.sortBy ?? 'created', order: query.sortOrder ?? 'desc', limit, offset: ((query.page ?? 1) - 1) * (limit ?? 0) } as const;
      const ids = await search.page(project.id, { predicates: [] }, page, clock());
      return { experiments: (await Promise.all(ids.map((id) => experiments.byId(id)))).flatMap((experiment) => (experiment ? [metadata(experiment, services.now())] : [])) };
    },
    getProjectColumns: async ({ query, caller }) => ({ columns: await search.columns((await access.project(caller, query)).id, query.archived, clock()) }),
    queryProject: async ({ body, caller }) => {
      const project = await access.project(caller, body);
      return { experimentKeys: await asClientError(() => search.keys(project.id, { predicates: body.predicates }, body.archived ?? false, clock())) };
    },
    queryTable: async ({ body, caller }) => {
      const project = await access.project(caller, { projectId: body.projectId });
      const sort = body.sortName === undefined ? undefined : { kind: body.sortKind ?? 'metric', name: body.sortName, aggregate: body.sortAggregate, order: body.sortOrder } as const;
      return { experimentKeys: await asClientError(() => search.table(project.id, body.query, sort, clock())) };
    },
    getAnalysisRuns: async ({ body, caller }) => {
      const project = await access.project(caller, { projectId: body.projectId });
      return asClientError(() => search.analysis(project.id, body.query, body.columns, clock(), body.since));
    },
    searchExperiments: async ({ body, caller }) => {
      const project = await access.project(caller, { projectId: body.projectId });
      const limit = body.limit ?? 100;
      const at = clock();
      const page = { archived: body.deleted ?? false, sortBy: 'created', order: 'desc', limit, offset: ((body.page ?? 1) - 1) * limit } as const;
      const ids = await asClientError(() => search.page(project.id, { rulesTree: body.rulesTree }, page, at));
      return { experiments: (await Promise.all(ids.map((id) => experiments.byId(id)))).flatMap((experiment) => (experiment ? [metadata(experiment, at.now)] : [])) };
    },
  };
}
