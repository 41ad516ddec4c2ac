import { useState } from 'react';
import { useInvalidateApi, type InvalidateTarget } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { applicableRows, BULK_ACTIONS, nameRows, type BulkActionId, type BulkReport } from './bulk-actions.ts';
import { runBulkAction, runMove, runUndo, type MoveTarget } from './bulk-runner.ts';
import type { ExperimentRow } from './experiment-row.ts';
import { plural } from '../../lib/format.ts';

/** Every read a lifecycle change can alter. */
export const EXPERIMENT_READS: readonly InvalidateTarget[] = [
  'getExperimentChanges',
  'listExperiments',
  'listTrashedExperiments',
  'listExperimentTags',
  'getExperimentMetadata',
  'getTags',
  'getProject',
  'listProjects',
];

/** What each confirmation says will happen. */
const CONSEQUENCES: Partial<Record<BulkActionId, string>> = {
  stop: 'They stop counting as running; whatever still logs to them keeps working.',
  archive: 'They leave the list of live experiments; you can restore them from the archived ones.',
  delete: 'They go to the trash, where you can restore them.',
};

/** Which action is running: a bulk action, a move or symlink, or an undo. */
export type RunningAction = BulkActionId | 'move' | 'symlink' | 'undo';

/** The bulk and single-experiment actions of the table: confirmation, busy state, report with undo, refresh. */
interface ExperimentActions {
  /** The action running, if any (its button shows it is busy; the others wait). */
  busy: RunningAction | null;
  report: BulkReport | null;
  dismissReport(): void;
  /** Resolves true once the service answered (the report tells each experiment's outcome); false when nothing was sent or the call failed as a whole. */
  bulk(action: BulkActionId, selected: readonly ExperimentRow[], tags?: readonly string[]): Promise<boolean>;
  /** Resolves as `bulk` does. */
  move(rows: readonly ExperimentRow[], target: MoveTarget, symlink: boolean): Promise<boolean>;
  undo(report: BulkReport): Promise<boolean>;
}

/** The actions on the selected experiments of one project's table. */
export function useExperimentActions(): ExperimentActions {
  const profileId = useActiveProfile().id;
  const confirm = useConfirm();
  const notify = useNotify();
  const invalidate = useInvalidateApi();
  const [busy, setBusy] = useState<RunningAction | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);

  const run = async (action: RunningAction, failureContext: string, work: () => Promise<BulkReport>): Promise<boolean> => {
    setBusy(action);
    try {
      const result = await work();
      setReport(result);
      await invalidate(EXPERIMENT_READS);
      return true;
    } catch (error) {
      notify.error(error, failureContext);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    report,
    dismissReport: () => setReport(null),
    async bulk(action, selected, tags = []) {
      const spec = BULK_ACTIONS[action];
      const rows = applicableRows(selected, spec.applies);
      if (rows.length === 0) return false;
      if (spec.confirm) {
        const skipped = selected.length - rows.length;
        const confirmed = await confirm({
          title: `${spec.label} ${plural(rows.length, 'experiment')}?`,
          message: `${nameRows(rows)}. ${CONSEQUENCES[action] ?? ''}${skipped > 0 ? ` ${plural(skipped, 'other selected experiment')} ${skipped === 1 ? 'is' : 'are'} left alone.` : ''}`,
          confirmLabel: spec.label,
          destructive: action === 'delete',
        });
        if (!confirmed) return false;
      }
      return run(action, `Could not ${spec.label.toLowerCase()} the experiments`, () => runBulkAction(action, rows, profileId, tags));
    },
    async move(rows, target, symlink) {
      return run(symlink ? 'symlink' : 'move', `Could not ${symlink ? 'symlink' : 'move'} the experiments`, () => runMove(rows, target, symlink, profileId));
    },
    async undo(done) {
      return run('undo', 'Could not undo', () => runUndo(done.undo, profileId));
    },
  };
}
