import { Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { invoke, on } from '../../bridge.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { saveDownload } from '../../lib/save-download.ts';
import { useNotify } from '../../shell/notify.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { formatBytes } from '../assets/format.ts';
import { inDesktopWindow } from '../assets/desktop.ts';
import { newId } from '../assets/upload-store.ts';

/** What to download: a binary endpoint, its query, the file name offered and the size expected (for the progress bar). */
export interface TrackedDownloadProps {
  endpoint: string;
  query: Record<string, string>;
  fileName: string;
  /** The button's text (its accessible name too). */
  label: string;
  expectedBytes?: number;
}

/** A running download of the desktop window: its id (for cancel) and bytes so far. */
interface Running {
  transferId: string;
  transferred: number;
}

/**
 * A button that saves a binary reply (a zip of many files) with progress and Cancel: in the desktop window it streams
 * to the file chosen through the backend's transfer queue; in the browser shell the browser's own download shows both.
 */
export function TrackedDownload({ endpoint, query, fileName, label, expectedBytes }: TrackedDownloadProps) {
  const profileId = useActiveProfile().id;
  const notify = useNotify();
  const [running, setRunning] = useState<Running | null>(null);
  const [busy, setBusy] = useState(false);
  const transferId = running?.transferId;
  useEffect(() => {
    if (!transferId) return undefined;
    return on('transfers.progress', (event) => {
      if (event.transferId === transferId) setRunning((current) => current && { ...current, transferred: event.transferredBytes });
    });
  }, [transferId]);

  const start = async () => {
    setBusy(true);
    try {
      if (!inDesktopWindow()) {
        await saveDownload({ endpoint, query, fileName, profileId });
        return;
      }
      const { path } = await invoke('files.chooseSave', { title: `Save ${fileName}`, defaultName: fileName });
      if (path === null) return;
      const id = newId();
      setRunning({ transferId: id, transferred: 0 });
      const saved = await invoke('transfers.download', { transferId: id, endpoint, query, filePath: path, profileId });
      notify.success(`Saved ${fileName} (${formatBytes(saved.bytes)}) to ${saved.filePath}.`);
    } catch (error) {
      notify.error(error, `Could not download ${fileName}`);
    } finally {
      setRunning(null);
      setBusy(false);
    }
  };

  if (!running) {
    return (
      <BusyButton size="small" variant="outlined" busy={busy} onClick={() => void start()}>
        {label}
      </BusyButton>
    );
  }
  const percent = expectedBytes ? Math.min(100, (running.transferred * 100) / expectedBytes) : undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 260 }}>
      <LinearProgress sx={{ flexGrow: 1 }} aria-label={`Downloading ${fileName}`} variant={percent === undefined ? 'indeterminate' : 'determinate'} value={percent ?? 0} />
      <Typography variant="caption">{formatBytes(running.transferred)}</Typography>
      <Button size="small" onClick={() => void invoke('transfers.cancel', { transferId: running.transferId })}>
        Cancel download
      </Button>
    </Stack>
  );
}
