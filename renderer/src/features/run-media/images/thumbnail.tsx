import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import { Box, CircularProgress, Tooltip } from '@mui/material';
import { errorMessage } from '../../../lib/errors.ts';
import type { ThumbnailTarget } from './thumbnail-batch.ts';
import { useThumbnail } from './use-thumbnail.ts';

/** Props of `<Thumbnail>`: the image asset, the preview size, and the box it is fitted in (CSS pixels, `size` when absent). */
export interface ThumbnailProps extends ThumbnailTarget {
  alt: string;
  box?: number;
}

/** An image asset's service-made preview fitted in a square box; "Cannot display this image" with the service's reason when refused. */
export function Thumbnail({ experimentKey, assetId, size, alt, box = size }: ThumbnailProps) {
  const thumbnail = useThumbnail({ experimentKey, assetId, size });
  const frame = { width: box, height: box, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' } as const;
  if (thumbnail.isPending) return <Box sx={frame}><CircularProgress size={20} aria-label={`Loading ${alt}`} /></Box>;
  if (thumbnail.isError) {
    const reason = errorMessage(thumbnail.error).replace(/^Cannot display this image: /, '');
    return (
      <Tooltip title={`Cannot display this image: ${reason}`}>
        <Box sx={frame} role="img" aria-label={`Cannot display this image: ${reason}`}>
          <ImageNotSupportedIcon color="disabled" />
        </Box>
      </Tooltip>
    );
  }
  return (
    <Box sx={frame}>
      <img src={thumbnail.data.dataUrl} alt={alt} data-bytes={thumbnail.data.bytes} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', imageRendering: 'auto' }} />
    </Box>
  );
}
