import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { useRef } from 'react';
import { useNotify } from '../../shell/notify.tsx';
import { ToolbarButton } from '../../shell/toolbar-button.tsx';
import { exportConfigFile, importConfigFile } from './webhook-file.ts';
import type { WebhookEntry } from './webhook-model.ts';

/** A file name safe on every OS for the workspace's export. */
const exportFileName = (workspaceName: string): string => `webhooks-${workspaceName.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`;

/** Offers text as a file download (a Blob link: works in the browser shell and in the desktop window). */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export the saved configuration to a file (secrets excluded) and import one into the editor (saved only after review). */
export function ConfigFileButtons({
  workspaceName,
  saved,
  onImported,
}: {
  workspaceName: string;
  saved: readonly WebhookEntry[];
  onImported: (entries: WebhookEntry[], notes: string[]) => void;
}) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const read = async (file: File) => {
    const result = importConfigFile(await file.text(), saved);
    if (!result.ok) {
      notify.error(new Error(result.message), `Could not import ${file.name}`);
      return;
    }
    const notes: string[] = [];
    if (result.valuesToEnter > 0) notes.push(`${result.valuesToEnter} secret header value(s) were not in the file: enter them in the marked entries.`);
    if (result.secretsNotIncluded > 0) notes.push(`${result.secretsNotIncluded} entry(ies) had a signing secret, which files never include: set it again if needed.`);
    onImported(result.entries, notes);
  };
  return (
    <>
      <ToolbarButton label="Export" icon={<DownloadIcon />} onClick={() => download(exportConfigFile(workspaceName, saved, Date.now()), exportFileName(workspaceName))} />
      <ToolbarButton label="Import" icon={<UploadIcon />} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        aria-label="Import a webhook configuration file"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
    </>
  );
}
