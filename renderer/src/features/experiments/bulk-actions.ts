import { rowLabel, type ExperimentRow } from './experiment-row.ts';

/** The bulk actions that run one request per experiment. */
export type BulkActionId = 'stop' | 'archive' | 'restore' | 'delete' | 'tag' | 'untag';

/** What a bulk action does, to which rows, and how the table words it. */
interface BulkActionSpec {
  id: BulkActionId;
  /** The button's words. */
  label: string;
  /** The report's words, `{}` standing for the experiments: "Moved {} to the trash" reads "Moved 3 of 4 experiments to the trash." */
  done: string;
  /** Whether the action applies to a row in its current state. */
  applies(row: ExperimentRow): boolean;
  /** Asked to confirm first (naming the experiments), because it takes something away from view or stops work. */
  confirm: boolean;
}

const notInTrash = (row: ExperimentRow) => row.state !== 'trash';

/** The per-experiment bulk actions, in the order the bar shows them. */
export const BULK_ACTIONS: Record<BulkActionId, BulkActionSpec> = {
  stop: { id: 'stop', label: 'Stop', done: 'Stopped {}', applies: (row) => row.state === 'running', confirm: true },
  archive: { id: 'archive', label: 'Archive', done: 'Archived {}', applies: (row) => row.state === 'running' || row.state === 'finished' || row.state === 'crashed', confirm: true },
  restore: { id: 'restore', label: 'Restore', done: 'Restored {}', applies: (row) => row.state === 'archived' || row.state === 'trash', confirm: false },
  delete: { id: 'delete', label: 'Delete', done: 'Moved {} to the trash', applies: notInTrash, confirm: true },
  tag: { id: 'tag', label: 'Add tags', done: 'Tagged {}', applies: notInTrash, confirm: false },
  untag: { id: 'untag', label: 'Remove tags', done: 'Removed tags from {}', applies: notInTrash, confirm: false },
};

/** The rows a bulk action (or a move, which skips trashed experiments) applies to. */
export function applicableRows(rows: readonly ExperimentRow[], applies: (row: ExperimentRow) => boolean): ExperimentRow[] {
  return rows.filter(applies);
}

/** Rows that can be moved or symlinked: everything but the trash (the service answers 404 for trashed experiments). */
export const movable = notInTrash;

/** One experiment the action failed for, with the service's reason. */
interface BulkFailure {
  row: ExperimentRow;
  message: string;
}

/** An undo step: a bulk action on some rows (with the tags it adds or removes), or moving rows back to a project. */
export type UndoStep =
  | { kind: 'bulk'; action: BulkActionId; rows: ExperimentRow[]; tags?: string[] }
  | { kind: 'move'; rows: ExperimentRow[]; workspaceName: string; projectName: string };

/** What a bulk action did: who succeeded, who failed and why, and how to undo it when the API allows. */
export interface BulkReport {
  /** One sentence: "Archived 3 of 4 experiments." */
  summary: string;
  succeeded: ExperimentRow[];
  failed: BulkFailure[];
  /** Empty when nothing can be undone (stop, symlink, or nothing succeeded). */
  undo: UndoStep[];
}

/** One outcome per row, as `api.bulk` answers them. */
export type RowOutcome = { ok: true } | { ok: false; error: { message: string } };

const experiments = (count: number) => (count === 1 ? 'experiment' : 'experiments');

/** "Archived 3 of 4 experiments; 1 failed." (or "Moved 2 experiments to the trash." when all succeeded), from a `done` template. */
export function summaryLine(done: string, succeeded: number, total: number): string {
  if (succeeded === total) return `${done.replace('{}', `${total} ${experiments(total)}`)}.`;
  return `${done.replace('{}', `${succeeded} of ${total} ${experiments(total)}`)}; ${total - succeeded} failed.`;
}

/**
 * Undoing tags: each row gets back exactly what changed for it (removed tags it had are added again; added tags it
 * lacked are removed), one step per distinct set of tags.
 */
function tagUndo(action: 'tag' | 'untag', succeeded: readonly ExperimentRow[], tags: readonly string[]): UndoStep[] {
  const groups = new Map<string, { rows: ExperimentRow[]; tags: string[] }>();
  for (const row of succeeded) {
    const changed = tags.filter((tag) => row.tags.includes(tag) === (action === 'untag'));
    if (changed.length === 0) continue;
    const id = JSON.stringify(changed);
    const group = groups.get(id) ?? { rows: [], tags: changed };
    group.rows.push(row);
    groups.set(id, group);
  }
  return [...groups.values()].map((group) => ({ kind: 'bulk', action: action === 'tag' ? 'untag' : 'tag', ...group }));
}

/** The undo of a bulk action over the rows it succeeded for (archive ↔ restore, delete ↔ restore, tag ↔ untag). */
export function undoOf(action: BulkActionId, succeeded: readonly ExperimentRow[], tags: readonly string[] = []): UndoStep[] {
  if (succeeded.length === 0) return [];
  if (action === 'tag' || action === 'untag') return tagUndo(action, succeeded, tags);
  if (action === 'archive' || action === 'delete') return [{ kind: 'bulk', action: 'restore', rows: [...succeeded] }];
  if (action !== 'restore') return [];
  const steps: UndoStep[] = [];
  const fromArchive = succeeded.filter((row) => row.state === 'archived');
  const fromTrash = succeeded.filter((row) => row.state === 'trash');
  if (fromArchive.length > 0) steps.push({ kind: 'bulk', action: 'archive', rows: fromArchive });
  if (fromTrash.length > 0) steps.push({ kind: 'bulk', action: 'delete', rows: fromTrash });
  return steps;
}

/** The report of a per-experiment bulk action from its outcomes (in row order). */
export function bulkReport(action: BulkActionId, rows: readonly ExperimentRow[], outcomes: readonly RowOutcome[], tags: readonly string[] = []): BulkReport {
  const succeeded: ExperimentRow[] = [];
  const failed: BulkFailure[] = [];
  rows.forEach((row, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok) succeeded.push(row);
    else failed.push({ row, message: outcome ? outcome.error.message : 'No answer for this experiment.' });
  });
  return { summary: summaryLine(BULK_ACTIONS[action].done, succeeded.length, rows.length), succeeded, failed, undo: undoOf(action, succeeded, tags) };
}

/** Moving back: one step per home project the rows came from (a symlinked row's home is elsewhere). */
export function moveBackSteps(rows: readonly ExperimentRow[]): UndoStep[] {
  const groups = new Map<string, ExperimentRow[]>();
  for (const row of rows) {
    const id = JSON.stringify([row.workspaceName, row.homeProjectName]);
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  return [...groups.values()].map((group) => ({
    kind: 'move',
    rows: group,
    workspaceName: group[0]?.workspaceName ?? '',
    projectName: group[0]?.homeProjectName ?? '',
  }));
}

/** The report of a move or symlink, which succeeds or fails as a whole (one E5 request). */
export function moveReport(rows: readonly ExperimentRow[], symlink: boolean, target: string, failure?: string): BulkReport {
  const verb = symlink ? `Symlinked {} into “${target}”` : `Moved {} to “${target}”`;
  if (failure !== undefined) {
    return { summary: summaryLine(verb, 0, rows.length), succeeded: [], failed: rows.map((row) => ({ row, message: failure })), undo: [] };
  }
  return { summary: summaryLine(verb, rows.length, rows.length), succeeded: [...rows], failed: [], undo: symlink ? [] : moveBackSteps(rows) };
}

/** Names the rows for a confirmation: "“a”, “b”, “c” and 4 more". */
export function nameRows(rows: readonly ExperimentRow[], shown = 5): string {
  const names = rows.slice(0, shown).map((row) => `“${rowLabel(row)}”`);
  const rest = rows.length - names.length;
  if (rest > 0) return `${names.join(', ')} and ${rest} more`;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
