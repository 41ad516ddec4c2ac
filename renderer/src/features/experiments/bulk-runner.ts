import { callApi, callBulk } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { bulkReport, moveReport, summaryLine, type BulkActionId, type BulkReport, type RowOutcome, type UndoStep } from './bulk-actions.ts';
import type { ExperimentRow } from './experiment-row.ts';

const byKey = (row: ExperimentRow) => ({ query: { experimentKey: row.key } });

/** Most items one `api.bulk` call or one E5 request carries (the contracts' limit). */
const MAX_PER_REQUEST = 10_000;

/** Splits a list into consecutive chunks of at most `size` items. */
export function chunks<T>(items: readonly T[], size = MAX_PER_REQUEST): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Runs a per-experiment bulk action through `api.bulk` (one request per experiment, a few at a time) and reports it. */
export async function runBulkAction(action: BulkActionId, rows: readonly ExperimentRow[], profileId: string, tags: readonly string[] = []): Promise<BulkReport> {
  const outcomes: RowOutcome[] = [];
  for (const part of chunks(rows)) outcomes.push(...(await sendBulk(action, part, profileId, tags)));
  return bulkReport(action, rows, outcomes, tags);
}

function sendBulk(action: BulkActionId, rows: readonly ExperimentRow[], profileId: string, tags: readonly string[]): Promise<RowOutcome[]> {
  switch (action) {
    case 'stop':
      return callBulk('stopExperiment', rows.map(byKey), profileId);
    case 'archive':
      return callBulk('archiveExperiment', rows.map(byKey), profileId);
    case 'restore':
      return callBulk('restoreExperiment', rows.map(byKey), profileId);
    case 'delete':
      return callBulk('deleteExperiment', rows.map(byKey), profileId);
    case 'tag':
      return callBulk('addTags', rows.map((row) => ({ body: { experimentKey: row.key, addedTags: [...tags] } })), profileId);
    case 'untag':
      return callBulk('deleteTags', rows.map((row) => ({ body: { experimentKey: row.key, tags: [...tags] } })), profileId);
  }
}

/** Where experiments are moved or symlinked to. */
export interface MoveTarget {
  workspaceName: string;
  projectName: string;
}

/**
 * Moves or symlinks rows into another project: one E5 request for the whole selection (more than 10,000 go in
 * requests of 10,000); a single experiment symlinked within its own workspace uses E6 instead. Each request
 * succeeds or fails as a whole.
 */
export async function runMove(rows: readonly ExperimentRow[], target: MoveTarget, symlink: boolean, profileId: string): Promise<BulkReport> {
  const only = rows.length === 1 ? rows[0] : undefined;
  try {
    if (symlink && only && only.workspaceName === target.workspaceName) {
      await callApi('symlinkExperiment', { query: { exerimentKey: only.key, projectName: target.projectName } }, profileId);
    } else {
      for (const part of chunks(rows)) {
        const body = { targetWorkspaceName: target.workspaceName, targetProjectName: target.projectName, experimentKeys: part.map((row) => row.key), symlink };
        await callApi('moveExperiments', { body }, profileId);
      }
    }
    return moveReport(rows, symlink, target.projectName);
  } catch (error) {
    return moveReport(rows, symlink, target.projectName, errorMessage(error));
  }
}

/** Runs the undo steps of a report, one after the other, and reports them as one. */
export async function runUndo(steps: readonly UndoStep[], profileId: string): Promise<BulkReport> {
  const reports: BulkReport[] = [];
  for (const step of steps) {
    reports.push(
      step.kind === 'bulk'
        ? await runBulkAction(step.action, step.rows, profileId, step.tags)
        : await runMove(step.rows, { workspaceName: step.workspaceName, projectName: step.projectName }, false, profileId),
    );
  }
  const succeeded = reports.flatMap((report) => report.succeeded);
  const failed = reports.flatMap((report) => report.failed);
  return { summary: summaryLine('Undone for {}', succeeded.length, succeeded.length + failed.length), succeeded, failed, undo: [] };
}
