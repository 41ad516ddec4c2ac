import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { OfflineImportResult } from '../../../../shared/ipc/index.ts';
import { invoke, on } from '../../bridge.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { importArchives, type ArchiveSource } from './offline-import-runner.ts';

const watchQueryKey = ['offline.watchState'] as const;

/** One archive of the import under way: its share done, then its result. */
interface ArchiveRow {
  fileName: string;
  done: number;
  result?: OfflineImportResult;
}

/** What a finished archive says, in words. */
function outcome(result: OfflineImportResult): string {
  if (result.state === 'failed') return `Failed: ${result.message ?? 'unknown error'}`;
  const where = `run ${result.experimentKey?.slice(0, 9) ?? ''} in project ${result.projectName ?? '(none)'}`;
  return result.state === 'already-imported' ? `Already imported: ${where}` : `Imported: ${where}`;
}

/**
 * "Import offline runs…": the archives the SDK writes when it cannot reach the service (`OfflineExperiment`, or its
 * fallback mid-run), picked here (several at once) or found in a watched folder, imported by the backend into the
 * local service, with progress and a result for each.
 */
export function OfflineImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const desktop = window.trackdesk !== undefined;
  const notify = useNotify();
  const client = useQueryClient();
  const [rows, setRows] = useState<ArchiveRow[]>([]);
  // A ref, not state: the import's first events may arrive before a re-render.
  const importId = useRef('');
  const fileInput = useRef<HTMLInputElement>(null);
  const watch = useQuery({ queryKey: watchQueryKey, queryFn: () => invoke('offline.watchState', {}), enabled: open });

  useEffect(
    () =>
      on('offline.progress', (event) => {
        const id = importId.current;
        const position = !id ? -1 : event.importId === id ? event.index : event.importId.startsWith(`${id}#`) ? Number(event.importId.slice(id.length + 1)) : -1;
        if (position < 0) return;
        setRows((current) => current.map((row, index) => (index === position ? { ...row, done: event.done, ...(event.result ? { result: event.result } : {}) } : row)));
      }),
    [],
  );

  const run = useMutation({
    mutationFn: async (sources: ArchiveSource[]) => {
      const id = crypto.randomUUID();
      importId.current = id;
      setRows(sources.map((source) => ({ fileName: source.kind === 'path' ? (source.path.split(/[\\/]/).at(-1) ?? source.path) : source.file.name, done: 0 })));
      let index = 0;
      await importArchives(id, sources, (result) => {
        const at = index++;
        setRows((current) => current.map((row, position) => (position === at ? { ...row, done: 1, result } : row)));
      });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: watchQueryKey }),
    onError: (error) => notify.error(error, 'Could not import the offline runs'),
  });
  const setWatch = useMutation({
    mutationFn: async (folder: string | null) => invoke('offline.watch', { folder }),
    onSuccess: (state) => client.setQueryData(watchQueryKey, state),
    onError: (error) => notify.error(error, 'Could not watch the folder'),
  });

  const choose = async () => {
    if (!desktop) {
      fileInput.current?.click();
      return;
    }
    const { paths } = await invoke('files.chooseOpen', { title: 'Import offline runs', multiple: true });
    if (paths.length > 0) run.mutate(paths.map((path) => ({ kind: 'path', path })));
  };
  const chooseFolder = async () => {
    const { path } = await invoke('files.chooseFolder', { title: 'Watch a folder for offline runs' });
    if (path) setWatch.mutate(path);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="offline-import-title">
      <DialogTitle id="offline-import-title">Import offline runs</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">
            When a script cannot reach the service, the SDK keeps its run in a .zip archive (OfflineExperiment, or its fallback mid-run). Import
            archives here: each run goes into the local service as <code>comet upload</code> would send it.
          </Typography>
          <input
            ref={fileInput}
            type="file"
            accept=".zip"
            multiple
            hidden
            aria-label="Offline archives"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) run.mutate(files.map((file) => ({ kind: 'file', file })));
            }}
          />
          <div>
            <BusyButton variant="contained" busy={run.isPending} onClick={() => void choose().catch((error: unknown) => notify.error(error, 'Could not choose archives'))}>
              Choose archives…
            </BusyButton>
          </div>
          {rows.length > 0 && (
            <List dense aria-label="Archives imported">
              {rows.map((row, index) => (
                <ListItem key={`${row.fileName}-${index}`} aria-label={row.fileName} sx={{ display: 'block' }}>
                  <ListItemText primary={row.fileName} secondary={row.result ? outcome(row.result) : 'Importing…'} />
                  {!row.result && <LinearProgress variant="determinate" value={Math.round(row.done * 100)} aria-label={`${row.fileName} progress`} />}
                  {row.result?.problems.map((problem) => (
                    <Typography key={problem} variant="caption" color="warning.main" component="div">
                      {problem}
                    </Typography>
                  ))}
                </ListItem>
              ))}
            </List>
          )}
          <Typography variant="subtitle2">Watched folder</Typography>
          {desktop ? (
            watch.data?.folder ? (
              <Alert severity="info" action={<Button color="inherit" size="small" onClick={() => setWatch.mutate(null)}>Stop watching</Button>}>
                Watching {watch.data.folder}: each new archive there is imported once. Imported archives stay in the folder and are listed in {watch.data.doneFile}.
              </Alert>
            ) : (
              <div>
                <Button variant="outlined" onClick={() => void chooseFolder().catch((error: unknown) => notify.error(error, 'Could not choose a folder'))}>
                  Watch a folder…
                </Button>
              </div>
            )
          ) : (
            <Typography variant="body2" color="text.secondary">
              In the browser, Trackdesk imports only the archives you pick; the desktop app can watch a folder.
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
