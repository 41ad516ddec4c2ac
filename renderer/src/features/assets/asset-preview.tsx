import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, ButtonBase, Dialog, DialogContent, DialogTitle, Tooltip } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors.ts';
import { Thumbnail, useThumbnail } from '../run-media/images/index.ts';
import { hasPreview, type AssetRecord } from './asset-record.ts';

const SIZE = 48;
/** The service's previews shown: the gallery's size in the row (made ahead at upload), the large one in the dialog. */
const ROW_PREVIEW = 256;
const LARGE_PREVIEW = 1024;

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
          {open && <Thumbnail experimentKey={experimentKey} assetId={asset.assetId} size={LARGE_PREVIEW} box={Math.min(LARGE_PREVIEW, 720)} alt={asset.fileName} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
