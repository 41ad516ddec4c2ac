import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, ButtonBase, CircularProgress, Dialog, DialogContent, DialogTitle, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { invoke } from '../../bridge.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { hasPreview, PREVIEW_MAX_BYTES, type AssetRecord } from './asset-record.ts';

const SIZE = 48;

/** A thumbnail of an image asset (its bytes read through the backend, never by a URL carrying the key); a file icon otherwise. */
export function AssetPreview({ asset, experimentKey }: { asset: AssetRecord; experimentKey: string }) {
  const profileId = useActiveProfile().id;
  const [open, setOpen] = useState(false);
  const wanted = hasPreview(asset);
  const preview = useQuery({
    queryKey: [profileId, 'assetPreview', experimentKey, asset.assetId],
    queryFn: () =>
      invoke('transfers.preview', { endpoint: 'downloadAsset', query: { experimentKey, assetId: asset.assetId }, maxBytes: PREVIEW_MAX_BYTES, profileId }),
    enabled: wanted,
    staleTime: Infinity,
  });
  const box = { width: SIZE, height: SIZE, display: 'grid', placeItems: 'center' } as const;
  if (!wanted) return <Box sx={box}><InsertDriveFileOutlinedIcon color="disabled" /></Box>;
  if (preview.isPending) return <Box sx={box}><CircularProgress size={20} aria-label={`Loading the preview of ${asset.fileName}`} /></Box>;
  if (preview.isError) {
    return (
      <Tooltip title={`No preview: ${errorMessage(preview.error)}`}>
        <Box sx={box}><ImageNotSupportedIcon color="disabled" /></Box>
      </Tooltip>
    );
  }
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={`Show ${asset.fileName} larger`} sx={box}>
        <img src={preview.data.dataUrl} alt={`Preview of ${asset.fileName}`} width={SIZE} height={SIZE} style={{ objectFit: 'cover', borderRadius: 4 }} />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-labelledby={`preview-${asset.assetId}`}>
        <DialogTitle id={`preview-${asset.assetId}`}>{asset.fileName}</DialogTitle>
        <DialogContent>
          <img src={preview.data.dataUrl} alt={asset.fileName} style={{ maxWidth: '100%', maxHeight: '75vh', display: 'block' }} />
        </DialogContent>
      </Dialog>
    </>
  );
}
