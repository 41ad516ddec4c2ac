import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Alert, Box, ButtonBase, CircularProgress, Dialog, DialogContent, DialogTitle, Tooltip } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors.ts';
import { Thumbnail, useThumbnail } from '../run-media/images/index.ts';
import { hasPreview, type AssetRecord } from './asset-record.ts';

const SIZE = 48;
/** The service's previews shown: the gallery's size in the row (made ahead at upload), the large one in the dialog. */
const ROW_PREVIEW = 256;
const LARGE_PREVIEW = 1024;

/** The 1024 px preview at its own size (up to the dialog's), read when the dialog opens. */
function LargePreview({ asset, experimentKey }: { asset: AssetRecord; experimentKey: string }) {
  const large = useThumbnail({ experimentKey, assetId: asset.assetId, size: LARGE_PREVIEW });
  if (large.isPending) return <CircularProgress aria-label={`Loading ${asset.fileName}`} />;
  if (large.isError) return <Alert severity="warning">Cannot display this image: {errorMessage(large.error).replace(/^Cannot display this image: /, '')}</Alert>;
  return <img src={large.data.dataUrl} alt={asset.fileName} style={{ maxWidth: '100%', maxHeight: '75vh', display: 'block' }} />;
}

/** A thumbnail of an image asset (the service's preview, read through the backend, never by a URL carrying the key); a file icon otherwise. */
export function AssetPreview({ asset, experimentKey }: { asset: AssetRecord; experimentKey: string }) {
  const [open, setOpen] = useState(false);
  const wanted = hasPreview(asset);
  const preview = useThumbnail({ experimentKey, assetId: asset.assetId, size: ROW_PREVIEW }, wanted);
  const box = { width: SIZE, height: SIZE, display: 'grid', placeItems: 'center' } as const;
  if (!wanted) return <Box sx={box}><InsertDriveFileOutlinedIcon color="disabled" /></Box>;
  if (preview.isError) {
    return (
      <Tooltip title={`No preview: ${errorMessage(preview.error)}`}>
        <Box sx={box}><ImageNotSupportedIcon color="disabled" /></Box>
      </Tooltip>
    );
  }
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={`Show ${asset.fileName} larger`} sx={box} disabled={preview.isPending}>
        <Thumbnail experimentKey={experimentKey} assetId={asset.assetId} size={ROW_PREVIEW} box={SIZE} alt={`Preview of ${asset.fileName}`} />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-labelledby={`preview-${asset.assetId}`}>
        <DialogTitle id={`preview-${asset.assetId}`}>{asset.fileName}</DialogTitle>
        <DialogContent>
          {open && <LargePreview asset={asset} experimentKey={experimentKey} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
