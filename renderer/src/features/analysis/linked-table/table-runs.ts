import type { AnalysisRunsReply } from '../column-choice/column-choice.ts';

/** What the linked table shows: the runs read, or (when the service refused the read, e.g. its filter) no runs and why. */
export type TableRuns = { data: AnalysisRunsReply | undefined; refusal: null } | { data: undefined; refusal: string };

/** The runs the table shows from a read: none while it is refused, even when an earlier read's runs stand in. */
export const tableRuns = (data: AnalysisRunsReply | undefined, error: { message: string } | null): TableRuns =>
  error ? { data: undefined, refusal: error.message } : { data, refusal: null };
