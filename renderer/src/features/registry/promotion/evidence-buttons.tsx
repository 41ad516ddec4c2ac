import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack } from '@mui/material';
import { saveTextFile } from '../../../lib/save-text.ts';
import { useNotify } from '../../../shell/notify.tsx';
import type { EvidenceRecord } from './evidence-document.ts';
import { evidenceFile } from './evidence-render.ts';

/** Export the evidence as a self-contained HTML file or as Markdown: to a file chosen in the desktop window, as a download in a browser. */
export function EvidenceButtons({ ready, record }: { ready: boolean; record: (generatedAt: number) => EvidenceRecord | null }) {
  const notify = useNotify();
  const save = async (format: 'html' | 'md') => {
    const current = record(Date.now());
    if (!current) return;
    const file = evidenceFile(current, format);
    try {
      const path = await saveTextFile(file, 'Save the promotion evidence');
      if (path) notify.success(`Saved the evidence to ${path}.`);
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
