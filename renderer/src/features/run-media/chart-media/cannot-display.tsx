import { Alert, Button } from '@mui/material';
import { cannotDisplay, type MediaDecodeError } from '../../../../../shared/media/media-json.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { saveDownload } from '../../../lib/save-download.ts';
import { useNotify } from '../../../shell/notify.tsx';
import type { AssetRecord } from '../../assets/asset-record.ts';

/** "Cannot display this <kind>: <reason>" for a file that cannot be shown (or read), with its download still offered. */
export function CannotDisplay({ error, asset, experimentKey }: { error: MediaDecodeError; asset: AssetRecord; experimentKey: string }) {
  const profileId = useActiveProfile().id;
  const notify = useNotify();
  const download = async () => {
    try {
      const path = await saveDownload({ endpoint: 'downloadAsset', query: { experimentKey, assetId: asset.assetId }, fileName: asset.fileName, profileId });
      if (path) notify.success(`Saved ${asset.fileName} to ${path}.`);
    } catch (failure) {
      notify.error(failure, `Could not download ${asset.fileName}`);
    }
  };
  return (
    <Alert
      severity="warning"
      action={
        <Button size="small" color="inherit" onClick={() => void download()} aria-label={`Download ${asset.fileName}`}>
          Download
        </Button>
      }
    >
      {cannotDisplay(error)}
    </Alert>
  );
}
