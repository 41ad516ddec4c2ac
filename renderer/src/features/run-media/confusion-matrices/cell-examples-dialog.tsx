import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ConfusionSample } from '../../../../../shared/media/confusion-matrix.ts';
import { invoke } from '../../../bridge.ts';
import { useApiQuery } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { PREVIEW_MAX_BYTES } from '../../assets/asset-record.ts';

/** One example image of a cell: an image asset of the same run, its bytes read through the backend. */
function ExampleImage({ experimentKey, sample, fileName }: { experimentKey: string; sample: ConfusionSample; fileName: string | undefined }) {
  const profileId = useActiveProfile().id;
  const image = useQuery({
    queryKey: [profileId, 'assetPreview', experimentKey, sample.assetId],
    queryFn: () => invoke('transfers.preview', { endpoint: 'downloadAsset', query: { experimentKey, assetId: sample.assetId }, maxBytes: PREVIEW_MAX_BYTES, profileId }),
    staleTime: Infinity,
  });
  const name = `Example ${sample.index}${fileName ? ` (${fileName})` : ''}`;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'center', width: 140 }}>
      {image.isPending && <CircularProgress size={20} aria-label={`Loading ${name}`} />}
      {image.isError && <Alert severity="warning">Cannot display this image: {errorMessage(image.error)}</Alert>}
      {image.data && <img src={image.data.dataUrl} alt={name} style={{ maxWidth: 140, maxHeight: 140, objectFit: 'contain' }} />}
      <Typography variant="caption">{name}</Typography>
    </Stack>
  );
}

/** The example images the SDK kept for one cell (`sampleMatrix`), shown in a dialog. */
export function CellExamplesDialog({ experimentKey, title, samples, onClose }: { experimentKey: string; title: string; samples: readonly ConfusionSample[]; onClose(): void }) {
  const assets = useApiQuery('listAssets', { experimentKey });
  const names = new Map((assets.data?.assets ?? []).map((asset) => [asset.assetId, asset.fileName]));
  return (
    <Dialog open onClose={onClose} maxWidth="md" aria-labelledby="confusion-examples-title">
      <DialogTitle id="confusion-examples-title">{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {samples.map((sample) => (
            <ExampleImage key={`${sample.assetId}-${sample.index}`} experimentKey={experimentKey} sample={sample} fileName={names.get(sample.assetId)} />
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
