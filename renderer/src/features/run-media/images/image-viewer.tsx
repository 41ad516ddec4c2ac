import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { parseAnnotations, visibleAnnotations, type AnnotationFilter } from '../../../../../shared/media/annotations.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { AnnotationControls } from './annotation-controls.tsx';
import { AnnotationOverlay } from './annotation-overlay.tsx';
import { stepLabel, type ImageGroup } from './image-groups.ts';
import { ownsArrowKeys, StepSlider } from './step-slider.tsx';
import { useFullImage } from './use-thumbnail.ts';
import { ZoomPan } from './zoom-pan.tsx';

/** The box an opened image is fitted in (CSS pixels): small images are enlarged to it, large ones shrunk. */
const FIT = { width: 880, height: 520 };

/** What the viewer shows: one group at one position, and the annotation switches shared with the tab. */
export interface ImageViewerProps {
  experimentKey: string;
  group: ImageGroup;
  index: number;
  onIndex(index: number): void;
  layers: string[];
  labels: string[];
  filter: AnnotationFilter;
  onFilter(filter: AnnotationFilter): void;
  onClose(): void;
}

/** An image opened large (its full bytes), zoomable and pannable, its annotations drawn over it; arrows move the step. */
export function ImageViewer({ experimentKey, group, index, onIndex, layers, labels, filter, onFilter, onClose }: ImageViewerProps) {
  const image = group.images[index] ?? group.images[0];
  const full = useFullImage(experimentKey, image?.assetId ?? '', image !== undefined);
  const [natural, setNatural] = useState<{ assetId: string; width: number; height: number } | null>(null);
  const parsed = useMemo(() => parseAnnotations(image?.metadata), [image?.metadata]);
  if (!image) return null;
  const size = natural?.assetId === image.assetId ? natural : null;
  const scale = size ? Math.min(FIT.width / size.width, FIT.height / size.height) : 1;
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="image-viewer-title"
      onKeyDown={(event) => {
        if (ownsArrowKeys(event.target)) return;
        if (event.key === 'ArrowRight' && index < group.images.length - 1) onIndex(index + 1);
        else if (event.key === 'ArrowLeft' && index > 0) onIndex(index - 1);
      }}>
      <DialogTitle id="image-viewer-title">
        {group.name} <Typography component="span" color="text.secondary" aria-label="Opened image step">{stepLabel(image)}{image.runContext ? ` · ${image.runContext}` : ''}</Typography>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <StepSlider group={group} index={index} onIndex={onIndex} label={`Step of ${group.name} (opened)`} />
          {parsed.ok ? (
            parsed.annotations.length > 0 && <AnnotationControls layers={layers} labels={labels} filter={filter} onChange={onFilter} />
          ) : (
            <Alert severity="warning">Cannot display annotations: {parsed.reason}</Alert>
          )}
          {full.isPending && <CircularProgress aria-label={`Loading ${group.name} at ${stepLabel(image)}`} />}
          {full.isError && <Alert severity="error">Cannot display this image: {errorMessage(full.error)}</Alert>}
          {full.data && (
            <ZoomPan label={`${group.name} opened large`}>
              <Box sx={{ position: 'relative', width: size ? size.width * scale : 'auto', height: size ? size.height * scale : 'auto' }}>
                <img
                  src={full.data.dataUrl}
                  alt={`${group.name} at ${stepLabel(image)}`}
                  draggable={false}
                  onLoad={(event) => setNatural({ assetId: image.assetId, width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
                  style={{ display: 'block', width: '100%', height: '100%', imageRendering: scale > 2 ? 'pixelated' : 'auto' }}
                />
                {size && parsed.ok && <AnnotationOverlay annotations={visibleAnnotations(parsed.annotations, filter)} width={size.width} height={size.height} />}
              </Box>
            </ZoomPan>
          )}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
