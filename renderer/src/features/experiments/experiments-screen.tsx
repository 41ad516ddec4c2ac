import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateApi, useApiQuery } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { useNavigate } from 'react-router';
import { openAnalysisOn } from '../analysis/views/open-analysis.ts';
import { useShortcut } from '../../shell/shortcuts.tsx';
import { nameRows } from './bulk-actions.ts';
import { BulkBar } from './bulk-bar.tsx';
import { BulkReportBanner } from './bulk-report.tsx';
import { CopyDialog } from '../copies/copy-dialog.tsx';
import { CopyJobsButton } from '../copies/copy-jobs-button.tsx';
import { ColumnsDialog } from './columns-dialog.tsx';
import { LogFromCodeDialog } from '../scripts/log-from-code-dialog.tsx';
import { CompareDialog } from './compare-dialog.tsx';
import { CreateExperimentDialog } from './create-experiment-dialog.tsx';
import { rowLabel, type ExperimentRow, type ExperimentState } from './experiment-row.ts';
import { ExperimentsTable } from './experiments-table.tsx';
import { FilterField, ToolbarControls } from './experiments-toolbar.tsx';
import { tableCountText, projectCount } from './table-count.ts';
import type { LazyKind } from './lazy-row-data.ts';
import { MoveDialog } from './move-dialog.tsx';
import { RemoveTagsDialog } from './remove-tags-dialog.tsx';
import { RenameDialog } from './rename-dialog.tsx';
import { RowMenu, type RowCommand } from './row-menu.tsx';
import { useExperimentAccess } from './experiment-access.ts';
import { namesOf } from './project-names.ts';
import { useSavedView } from './saved-view.ts';
import { useServerRows } from './use-server-rows.ts';
import { TagsDialog } from './tags-dialog.tsx';
import { TimesDialog } from './times-dialog.tsx';
import { EXPERIMENT_READS, useExperimentActions } from './use-experiment-actions.ts';
import { useExperimentRows } from './use-experiment-rows.ts';
import { identityStamp } from './identity-stamp.ts';
import { useLazyRowStore } from './use-lazy-row-data.ts';
import { DEFAULT_STATES, useTableView } from './use-table-view.ts';

/** The dialog open over the table, if any. */
type OpenDialog =
  | { kind: 'create' | 'columns' | 'code' }
  | { kind: 'move'; symlink: boolean; rows: ExperimentRow[] }
  | { kind: 'tags' | 'untags' | 'compare'; rows: ExperimentRow[] }
  | { kind: 'rename' | 'times'; row: ExperimentRow }
  | { kind: 'copy'; move: boolean; rows: ExperimentRow[]; jobId?: string };

/** The experiments of one project: a virtualized table with filters, summary columns, bulk actions and undo. */
export function ExperimentsScreen({ projectId }: { projectId: string }) {
  const profile = useActiveProfile();
  const profileId = profile.id;
  const navigate = useNavigate();
  const project = useApiQuery('getProject', { projectId });
  const workspaceName = project.data?.workspaceName;
  const [states, setStates] = useState<ReadonlySet<ExperimentState>>(DEFAULT_STATES);
  const data = useExperimentRows(projectId, workspaceName, states);
  const saved = useSavedView(`${profileId}\n${projectId}`);
  const inProject = useMemo(() => projectCount(data.rows, data.everyState), [data.rows, data.everyState]);
  const anyRunning = useMemo(() => data.rows.some((row) => row.state === 'running'), [data.rows]);
  const server = useServerRows(projectId, saved.text, saved.sort, identityStamp(data.rows), anyRunning);
  const view = useTableView(data.rows, states, data.delta, { text: saved.text, setText: saved.setText, sort: saved.sort, setSort: saved.setSort, server });
  const projectColumns = useApiQuery('getProjectColumns', { projectId }, { refetchOnWindowFocus: false, retry: false });
  const names = useMemo(() => namesOf(projectColumns.data?.columns), [projectColumns.data]);
  // The names grow as runs log: read again when the filter box or the columns dialog is about to offer them.
  const { refetch: rereadNames } = projectColumns;
  const onNamesWanted = useCallback(() => void rereadNames(), [rereadNames]);
  const actions = useExperimentActions();
  const accessOf = useExperimentAccess(workspaceName);
  const createAccess = accessOf('create');
  const client = useQueryClient();
  const lazy = useLazyRowStore(`${profileId}\n${projectId}`);
  const { columns, setColumns } = saved;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [menu, setMenu] = useState<{ row: ExperimentRow; anchor: HTMLElement } | null>(null);
  const filterRef = useRef<HTMLInputElement>(null);

  const lazyKinds = useMemo(() => {
    const kinds = new Set<LazyKind>(columns.map((column) => column.kind));
    if (dialog?.kind === 'columns') kinds.add('metric').add('param');
    if (!data.tagsListed) kinds.add('tags');
    return [...kinds];
  }, [columns, dialog, data.tagsListed]);
  const onMenu = useCallback((row: ExperimentRow, anchor: HTMLElement) => setMenu({ row, anchor }), []);
  // The rows are memoized: they get one stable handler, which calls the latest `bulk`.
  const bulkRef = useRef(actions.bulk);
  useEffect(() => {
    bulkRef.current = actions.bulk;
  });
  const onRemoveTag = useCallback((row: ExperimentRow, tag: string) => void bulkRef.current('untag', [row], [tag]), []);
  /** A row with the tags the table shows for it (fetched per row when the service cannot list a project's tags). */
  const withShownTags = (row: ExperimentRow): ExperimentRow => {
    const entry = data.tagsListed ? undefined : lazy.get('tags', row.key);
    return entry?.status === 'done' ? { ...row, tags: entry.value } : row;
  };
  const refresh = useCallback(() => {
    lazy.clear();
    void invalidateApi(client, profileId, EXPERIMENT_READS);
  }, [lazy, client, profileId]);
  const openColumns = useCallback(() => {
    onNamesWanted();
    setDialog({ kind: 'columns' });
  }, [onNamesWanted]);
  const openCreate = useCallback(() => setDialog({ kind: 'create' }), []);
  const openCode = useCallback(() => setDialog({ kind: 'code' }), []);
  // An archive, delete or restore moves the rows out of the chosen states: they are not kept selected, hidden.
  const { clearSelection } = view;
  const onCommand = (row: ExperimentRow, command: RowCommand) => {
    if (command === 'rename' || command === 'times') setDialog({ kind: command, row });
    else if (command === 'tags') setDialog({ kind: 'tags', rows: [withShownTags(row)] });
    else void actions.bulk(command, [row]);
  };
  useShortcut('/', 'Filter the experiments', () => filterRef.current?.focus(), { group: 'Experiments' });
  useShortcut('n', 'New experiment', openCreate, { group: 'Experiments', enabled: project.data !== undefined && createAccess.allowed });
  useShortcut('Escape', 'Clear the selection', view.clearSelection, { group: 'Experiments', enabled: view.selection.keys.size > 0 });

  const failed = data.parts.filter((part) => part.error);
  return (
    <Box data-table-state={data.loading ? 'loading' : 'ready'} sx={{ display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', p: 1.5 }}>
        <FilterField key={projectId} initialText={saved.text} onText={view.setText} inputRef={filterRef} names={names} onFocus={onNamesWanted} error={server.error?.message ?? null} />
        <ToolbarControls
          states={states}
          onStates={setStates}
          tagOptions={view.tagOptions}
          tags={view.tags}
          onTags={view.setTags}
          tagsListed={data.tagsListed}
          onColumns={openColumns}
          onCreate={openCreate}
          canCreate={project.data !== undefined}
          createRefusal={createAccess.reason}
          onRefresh={refresh}
          onLogFromCode={openCode}
        />
      </Stack>
      {project.error && <Alert severity="error" sx={{ mx: 1.5, mb: 1 }}>Cannot load the project: {project.error.message}</Alert>}
      {failed.map((part) => (
        <Alert key={part.label} severity="error" sx={{ mx: 1.5, mb: 1 }}>
          Cannot load the {part.label}: {part.error?.message}
        </Alert>
      ))}
      {actions.report && (
        <BulkReportBanner
          report={actions.report}
          undoing={actions.busy === 'undo'}
          onUndo={() => actions.report && void actions.undo(actions.report)}
          onClose={actions.dismissReport}
        />
      )}
      {view.selection.keys.size > 0 && (
        <BulkBar
          selected={view.selected}
          hidden={view.hiddenSelected}
          busy={actions.busy}
          accessOf={accessOf}
          onAction={(action) => void actions.bulk(action, view.selected).then((done) => done && clearSelection())}
          onMove={(symlink) => setDialog({ kind: 'move', symlink, rows: view.selected.filter((row) => row.state !== 'trash') })}
          onTags={() => setDialog({ kind: 'tags', rows: view.selected.filter((row) => row.state !== 'trash').map(withShownTags) })}
          onRemoveTags={() => setDialog({ kind: 'untags', rows: view.selected.filter((row) => row.state !== 'trash').map(withShownTags) })}
          onCopy={(move) => setDialog({ kind: 'copy', move, rows: view.selected.filter((row) => row.state !== 'trash') })}
          onCompare={() => setDialog({ kind: 'compare', rows: [...view.selected] })}
          onAnalyse={() => void navigate(openAnalysisOn(projectId, view.selected.map((row) => row.key)))}
          onClear={view.clearSelection}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ px: 1.5, pb: 0.5, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="experiment-count">
          {data.loading ? 'Loading experiments…' : tableCountText(view.shown.length, view.total, inProject)}
        </Typography>
        <CopyJobsButton onOpen={(jobId) => setDialog({ kind: 'copy', move: false, rows: [], jobId })} />
      </Stack>
      {!data.loading && view.shown.length === 0 && (
        <Stack direction="row" spacing={1} sx={{ px: 1.5, pb: 1, alignItems: 'center' }}>
          <Typography color="text.secondary">{view.total === 0 ? 'No experiments in the chosen states yet.' : 'No experiment matches the filter.'}</Typography>
          {view.total === 0 && (
            <Button size="small" onClick={openCode}>
              Log a run from your code
            </Button>
          )}
        </Stack>
      )}
      {/* Rendered only while loading: a hidden bar still animates, costing the table frames while it scrolls. */}
      {data.loading ? <LinearProgress aria-label="Loading experiments" /> : <Box sx={{ height: 4 }} />}
      <ExperimentsTable
        rows={view.shown}
        selection={view.selection}
        allShownSelected={view.allShownSelected}
        sort={view.sort}
        summaryColumns={columns}
        lazy={lazy}
        lazyKinds={lazyKinds}
        tagsListed={data.tagsListed}
        appliedFilter={view.appliedText}
        onSort={view.sortBy}
        onToggle={view.toggle}
        onToggleAll={view.toggleAll}
        onMenu={onMenu}
        onRemoveTag={onRemoveTag}
        removeTagRefusal={accessOf('untag').reason}
      />
      {menu && <RowMenu row={menu.row} anchor={menu.anchor} accessOf={accessOf} onCommand={(command) => onCommand(menu.row, command)} onClose={() => setMenu(null)} />}
      {dialog?.kind === 'create' && project.data && (
        <CreateExperimentDialog workspaceName={project.data.workspaceName} projectName={project.data.projectName} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'code' && project.data && (
        <LogFromCodeDialog profile={profile} project={{ workspaceName: project.data.workspaceName, projectName: project.data.projectName }} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'copy' && (
        <CopyDialog
          sourceProfileId={profileId}
          experiments={dialog.rows.map((row) => ({ key: row.key, label: rowLabel(row) }))}
          move={dialog.move}
          jobId={dialog.jobId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'compare' && <CompareDialog experiments={dialog.rows} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'columns' && <ColumnsDialog columns={columns} lazy={lazy} projectNames={names} onChange={setColumns} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && project.data && (
        <MoveDialog
          rows={dialog.rows}
          symlink={dialog.symlink}
          projectId={projectId}
          workspaceName={project.data.workspaceName}
          busy={actions.busy !== null}
          onSubmit={(target) => void actions.move(dialog.rows, target, dialog.symlink).then((done) => done && setDialog(null))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'tags' && (
        <TagsDialog
          target={nameRows(dialog.rows)}
          suggestions={view.tagOptions.map((option) => option.tag)}
          busy={actions.busy !== null}
          onSubmit={(tags) => void actions.bulk('tag', dialog.rows, tags).then((done) => done && setDialog(null))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'untags' && (
        <RemoveTagsDialog
          target={nameRows(dialog.rows)}
          rows={dialog.rows}
          busy={actions.busy !== null}
          onSubmit={(tags) => void actions.bulk('untag', dialog.rows, tags).then((done) => done && setDialog(null))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && <RenameDialog experimentKey={dialog.row.key} currentName={dialog.row.name} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'times' && (
        <TimesDialog
          experimentKey={dialog.row.key}
          label={rowLabel(dialog.row)}
          startTimeMillis={dialog.row.startTimeMillis}
          endTimeMillis={dialog.row.endTimeMillis}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
