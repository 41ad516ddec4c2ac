import { Box, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import type { ConfusionSample } from '../../../../../shared/media/confusion-matrix.ts';
import { useApiQuery } from '../../../lib/api.ts';
import { Thumbnail } from '../images/index.ts';

/** One example image of a cell: an image asset of the same run, shown by the service's preview (its reason when it has none). */
function ExampleImage({ experimentKey, sample, fileName }: { experimentKey: string; sample: ConfusionSample; fileName: string | undefined }) {
  const name = `Example ${sample.index}${fileName ? ` (${fileName})` : ''}`;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'center', width: 140 }}>
      <Thumbnail experimentKey={experimentKey} assetId={sample.assetId} size={256} box={140} alt={name} />
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
