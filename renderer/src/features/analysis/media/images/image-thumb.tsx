import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import { Box, CircularProgress, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { invoke } from '../../../../bridge.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { useActiveProfile } from '../../../../lib/profiles.tsx';

/** The side of a thumbnail in the panel (CSS px). */
export const THUMB_SIZE = 128;
/** The largest image a thumbnail reads. */
const MAX_BYTES = 4 * 1024 * 1024;

/** A thumbnail of a run's image asset, read through the backend (its bytes read once: an asset id keeps its bytes). */
export function ImageThumb({ experimentKey, assetId, label }: { experimentKey: string; assetId: string; label: string }) {
  const profileId = useActiveProfile().id;
  const preview = useQuery({
    queryKey: [profileId, 'assetPreview', experimentKey, assetId],
    queryFn: () => invoke('transfers.preview', { endpoint: 'downloadAsset', query: { experimentKey, assetId }, maxBytes: MAX_BYTES, profileId }),
    staleTime: Infinity,
    retry: false,
  });
  const box = { width: THUMB_SIZE, height: THUMB_SIZE, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 } as const;
  if (preview.isPending) return <Box sx={box}><CircularProgress size={20} aria-label={`Loading ${label}`} /></Box>;
  if (preview.isError) {
    return (
      <Tooltip title={`Cannot display this image: ${errorMessage(preview.error)}`}>
        <Box sx={box} role="img" aria-label={`Cannot display ${label}`}><ImageNotSupportedIcon color="disabled" /></Box>
      </Tooltip>
    );
  }
  return <img src={preview.data.dataUrl} alt={label} width={THUMB_SIZE} height={THUMB_SIZE} style={{ objectFit: 'contain', borderRadius: 4, display: 'block' }} />;
}
