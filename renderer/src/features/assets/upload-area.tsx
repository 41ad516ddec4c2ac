import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Collapse, Paper, Stack, Typography } from '@mui/material';
import { useRef, useState, type DragEvent } from 'react';
import { invoke } from '../../bridge.ts';
import { useAccess } from '../../lib/access.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { assetTypeFor } from './asset-types.ts';
import { baseName, inDesktopWindow } from './desktop.ts';
import { newId, useUploadStore } from './upload-store.ts';
import type { UploadSource } from './upload-runner.ts';
import { UploadSettingsFields } from './upload-settings-fields.tsx';
import { EMPTY_UPLOAD_SETTINGS, parseUploadSettings, type UploadSettingsErrors } from './upload-settings.ts';

/** How much URL-encoded metadata the browser shell's upload address carries (its request line must stay well under 16 KB). */
const BROWSER_METADATA_BUDGET = 8_000;

interface PickedFile {
  fileName: string;
  size: number | undefined;
  source: UploadSource;
}

/** Adds files to the upload queue of one experiment: by the file dialog or by dropping them, with the settings above. */
export function UploadArea({ experimentKey, workspaceName }: { experimentKey: string; workspaceName: string }) {
  const profileId = useActiveProfile().id;
  const add = useUploadStore((state) => state.add);
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState(EMPTY_UPLOAD_SETTINGS);
  const [errors, setErrors] = useState<UploadSettingsErrors>({});
  const [showSettings, setShowSettings] = useState(false);
  const [dragging, setDragging] = useState(false);
  const desktop = inDesktopWindow();
  const refusal = useAccess('uploadAsset', workspaceName).reason;

  /** The checked settings, or undefined after showing what is wrong. */
  const checkedSettings = () => {
    const parsed = parseUploadSettings(form, desktop ? undefined : BROWSER_METADATA_BUDGET);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) setShowSettings(true);
    return parsed.ok ? parsed.settings : undefined;
  };

  const queue = (files: readonly PickedFile[]) => {
    const settings = checkedSettings();
    if (!settings || files.length === 0) return;
    add(
      files.map((file) => ({
        id: newId(),
        profileId,
        experimentKey,
        fileName: file.fileName,
        size: file.size,
        settings: { ...settings, type: assetTypeFor(file.fileName, settings.type) },
        source: file.source,
      })),
    );
  };

  const choose = async () => {
    if (!checkedSettings()) return;
    if (!desktop) {
      input.current?.click();
      return;
    }
    try {
      const { paths } = await invoke('files.chooseOpen', { title: 'Upload files as assets', multiple: true });
      queue(paths.map((path) => ({ fileName: baseName(path), size: undefined, source: { kind: 'path', path } })));
    } catch (error) {
      notify.error(error, 'Could not open the file dialog');
    }
  };

  const fromBrowser = (files: FileList | null) =>
    queue(Array.from(files ?? [], (file) => ({ fileName: file.name, size: file.size, source: { kind: 'file', file } })));

  const fromDesktopDrop = async (files: File[]) => {
    try {
      const paths = (await window.trackdesk?.acceptDroppedFiles(files)) ?? [];
      if (paths.length < files.length) notify.error(new Error('Only files from disk can be uploaded; folders and other items were left out.'), 'Some dropped items were not added');
      queue(paths.map((path) => ({ fileName: baseName(path), size: undefined, source: { kind: 'path', path } })));
    } catch (error) {
      notify.error(error, 'Could not upload the dropped files');
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (refusal) {
      notify.error(new Error(refusal), 'Cannot upload the dropped files');
      return;
    }
    if (desktop) void fromDesktopDrop(Array.from(event.dataTransfer.files));
    else fromBrowser(event.dataTransfer.files);
  };

  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Upload files"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{ p: 2, mb: 2, borderStyle: 'dashed', borderWidth: 2, bgcolor: dragging ? 'action.hover' : undefined }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <BusyButton variant="contained" startIcon={<UploadFileIcon />} disabledReason={refusal} onClick={() => void choose()}>
          Upload files…
        </BusyButton>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {refusal ? 'Uploads are off here.' : 'or drop files here. Several at once are fine.'}
        </Typography>
        <Button onClick={() => setShowSettings((shown) => !shown)} aria-expanded={showSettings} aria-controls="upload-settings">
          {showSettings ? 'Hide upload settings' : 'Upload settings'}
        </Button>
      </Stack>
      <Collapse in={showSettings}>
        <Box id="upload-settings" sx={{ pt: 2 }}>
          <UploadSettingsFields value={form} errors={errors} onChange={setForm} />
        </Box>
      </Collapse>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Choose files to upload"
        onChange={(event) => {
          fromBrowser(event.target.files);
          event.target.value = '';
        }}
      />
    </Paper>
  );
}
