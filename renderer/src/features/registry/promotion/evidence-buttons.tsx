import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack } from '@mui/material';
import { invoke } from '../../../bridge.ts';
import { useNotify } from '../../../shell/notify.tsx';
import { inDesktopWindow } from '../../assets/desktop.ts';
import type { EvidenceRecord } from './evidence-document.ts';
import { evidenceFile } from './evidence-render.ts';

/** Offers text as a download from the page (the browser shell, where the page holds no file paths). */
function downloadInPage(text: string, fileName: string, mediaType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mediaType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export the evidence as a self-contained HTML file or as Markdown: to a file chosen in the desktop window, as a download in a browser. */
export function EvidenceButtons({ ready, record }: { ready: boolean; record: (generatedAt: number) => EvidenceRecord | null }) {
  const notify = useNotify();
  const save = async (format: 'html' | 'md') => {
    const current = record(Date.now());
    if (!current) return;
    const file = evidenceFile(current, format);
    try {
      if (!inDesktopWindow()) {
        downloadInPage(file.text, file.fileName, file.mediaType);
        return;
      }
      const { path } = await invoke('files.chooseSave', { title: 'Save the promotion evidence', defaultName: file.fileName });
      if (path === null) return;
      await invoke('files.saveText', { filePath: path, text: file.text });
      notify.success(`Saved the evidence to ${path}.`);
    } catch (error) {
      notify.error(error, 'Could not export the evidence');
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button startIcon={<DownloadIcon />} disabled={!ready} onClick={() => void save('html')}>
        Export evidence (HTML)
      </Button>
      <Button startIcon={<DownloadIcon />} disabled={!ready} onClick={() => void save('md')}>
        Export evidence (Markdown)
      </Button>
    </Stack>
  );
}
