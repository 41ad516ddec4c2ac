import { ButtonBase, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useActiveProfile } from '../../../lib/profiles.tsx';
import { stepLabel, type ImageGroup } from './image-groups.ts';
import { ownsArrowKeys, StepSlider } from './step-slider.tsx';
import { Thumbnail } from './thumbnail.tsx';
import { thumbnailQuery, useThumbnail } from './use-thumbnail.ts';

/** The preview size of the gallery's cards, and the box it is shown in (sharp on high-density screens). */
export const CARD_PREVIEW_SIZE = 256;
const CARD_BOX = 192;

/**
 * Reads the neighbours' previews ahead once the shown one is there (the gallery's first images are read first), so that
 * moving the slider by one step shows a cached image.
 */
function usePrefetchNeighbours(experimentKey: string, group: ImageGroup, index: number) {
  const client = useQueryClient();
  const profileId = useActiveProfile().id;
  const shown = useThumbnail({ experimentKey, assetId: group.images[index]?.assetId ?? '', size: CARD_PREVIEW_SIZE }, group.images[index] !== undefined);
  const ready = !shown.isPending;
  useEffect(() => {
    if (!ready) return;
    for (const neighbour of [group.images[index + 1], group.images[index - 1]]) {
      if (!neighbour) continue;
      void client.prefetchQuery(thumbnailQuery(profileId, { experimentKey, assetId: neighbour.assetId, size: CARD_PREVIEW_SIZE }));
    }
  }, [client, profileId, experimentKey, group, index, ready]);
}

/** One image name: its image at the chosen step (click to open it large), the step and context, a step slider; arrows move the step. */
export function ImageGroupCard({ experimentKey, group, index, onIndex, onOpen }: { experimentKey: string; group: ImageGroup; index: number; onIndex(index: number): void; onOpen(): void }) {
  usePrefetchNeighbours(experimentKey, group, index);
  const image = group.images[index] ?? group.images[0];
  if (!image) return null;
  const where = `${stepLabel(image)}${image.runContext ? ` · ${image.runContext}` : ''}`;
  return (
    <Card
      variant="outlined"
      tabIndex={0}
      role="group"
      aria-label={`Images ${group.name}`}
      sx={{ width: CARD_BOX + 32, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
      onKeyDown={(event) => {
        if (ownsArrowKeys(event.target)) return;
        if (event.key === 'ArrowRight' && index < group.images.length - 1) onIndex(index + 1);
        else if (event.key === 'ArrowLeft' && index > 0) onIndex(index - 1);
        else return;
        event.preventDefault();
      }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 1 } }}>
        <Stack spacing={1}>
          <Typography variant="subtitle2" noWrap title={group.name}>{group.name}</Typography>
          <ButtonBase onClick={onOpen} aria-label={`Open ${group.name} at ${stepLabel(image)} large`} sx={{ borderRadius: 1 }}>
            <Thumbnail experimentKey={experimentKey} assetId={image.assetId} size={CARD_PREVIEW_SIZE} box={CARD_BOX} alt={`${group.name} at ${stepLabel(image)}`} />
          </ButtonBase>
          <Typography variant="caption" color="text.secondary" aria-label={`Shown step of ${group.name}`}>
            {where} ({index + 1} of {group.images.length})
          </Typography>
          <StepSlider group={group} index={index} onIndex={onIndex} label={`Step of ${group.name}`} />
        </Stack>
      </CardContent>
    </Card>
  );
}
