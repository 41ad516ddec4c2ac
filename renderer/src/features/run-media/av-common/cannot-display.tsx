import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../../lib/errors.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { saveDownload } from '../../../lib/save-download.ts';

/** The asset a media view shows, as far as a download needs it. */
export interface DownloadableAsset {
  assetId: string;
  fileName: string;
}

/** A button that saves an asset's bytes where the user chooses (through the backend). */
export function DownloadButton({ experimentKey, asset }: { experimentKey: string; asset: DownloadableAsset }) {
  const profileId = useActiveProfile().id;
  const [failure, setFailure] = useState<string>();
  const download = () =>
    saveDownload({ endpoint: 'downloadAsset', query: { experimentKey, assetId: asset.assetId }, fileName: asset.fileName, profileId }).then(
      () => setFailure(undefined),
      (error: unknown) => setFailure(errorMessage(error)),
    );
  return (
    <>
      <Button size="small" onClick={() => void download()} aria-label={`Download ${asset.fileName}`}>
        Download
      </Button>
      {failure && <span role="alert">Could not download {asset.fileName}: {failure}</span>}
    </>
  );
}

/** "Cannot display this <kind>: <reason>" (or a sentence of its own), with the asset's download still offered. */
export function CannotDisplay({ kind, reason, message, experimentKey, asset }: { kind: string; reason?: string; message?: string; experimentKey: string; asset: DownloadableAsset }) {
  return (
    <Alert severity="warning" action={<DownloadButton experimentKey={experimentKey} asset={asset} />}>
      {message ?? `Cannot display this ${kind}: ${reason ?? 'unknown reason'}`}
    </Alert>
  );
}
