import { Alert, CircularProgress, FormControlLabel, Slider, Stack, Switch, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { layersAndLabels, parseAnnotations, type AnnotationFilter } from '../../../../../shared/media/annotations.ts';
import { ImageGroupCard } from './image-group-card.tsx';
import { allSteps, groupImages, indexAtStep, type ImageGroup } from './image-groups.ts';
import { ImageViewer } from './image-viewer.tsx';
import { useRunImages } from './use-run-images.ts';
import type { MediaTabProps } from '../media-focus.ts';

/** The steps chosen: per group (its position), or one step for all groups together. */
interface Selection {
  positions: Record<string, number>;
  together: boolean;
  step: number;
}

/** The first selection: every group at its first image, or at `focus.step` (only the named group when a name is given). */
function initialSelection(groups: readonly ImageGroup[], focus: MediaTabProps['focus']): Selection {
  const positions: Record<string, number> = {};
  if (focus?.step !== undefined) for (const group of groups) if (focus.name === undefined || group.name === focus.name) positions[group.name] = indexAtStep(group, focus.step);
  return { positions, together: false, step: focus?.step ?? 0 };
}

/** The run page's Images tab: the run's images grouped by name, a step slider per group or one for all, opened large with their annotations. */
export function ImagesTab({ experimentKey, focus }: MediaTabProps) {
  const list = useRunImages(experimentKey);
  const groups = useMemo(() => groupImages(list.data?.assets ?? []), [list.data]);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [filter, setFilter] = useState<AnnotationFilter>({ hiddenLayers: new Set(), hiddenLabels: new Set(), minScore: 0 });
  const [opened, setOpened] = useState<string | null>(null);
  const switches = useMemo(() => layersAndLabels(groups.flatMap((group) => group.images.flatMap((image) => {
    const parsed = parseAnnotations(image.metadata);
    return parsed.ok ? parsed.annotations : [];
  }))), [groups]);
  const steps = useMemo(() => allSteps(groups), [groups]);
  if (list.isPending) return <CircularProgress aria-label="Loading the images" />;
  if (list.isError) return <Alert severity="error">Cannot read the images: {list.error.message}</Alert>;
  if (groups.length === 0) return <Typography color="text.secondary">This run has logged no images.</Typography>;
  const chosen = selection ?? initialSelection(groups, focus);
  const indexOf = (group: ImageGroup) => (chosen.together ? indexAtStep(group, chosen.step) : Math.min(chosen.positions[group.name] ?? 0, group.images.length - 1));
  /** Moves one group (or, together, every group to that image's step). */
  const move = (group: ImageGroup, index: number) => {
    const step = group.images[index]?.step ?? -1;
    setSelection(chosen.together ? { ...chosen, step } : { ...chosen, positions: { ...chosen.positions, [group.name]: index } });
  };
  const openedGroup = groups.find((group) => group.name === opened);
  const stepPosition = Math.max(0, steps.findIndex((step) => step >= chosen.step));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="body2" color="text.secondary">{groups.length === 1 ? '1 image name' : `${groups.length} image names`}</Typography>
        <FormControlLabel
          label="Move all groups together"
          control={
            <Switch
              checked={chosen.together}
              onChange={(_event, together) => {
                const first = groups[0];
                setSelection({ ...chosen, together, step: together && first ? (first.images[indexOf(first)]?.step ?? -1) : chosen.step });
              }}
            />
          }
        />
        {chosen.together && (
          <Slider
            size="small"
            sx={{ width: 320 }}
            min={0}
            max={Math.max(0, steps.length - 1)}
            step={1}
            value={stepPosition}
            onChange={(_event, value) => setSelection({ ...chosen, step: steps[value as number] ?? 0 })}
            aria-label="Step of all groups"
            getAriaValueText={(position) => `Step ${steps[position] ?? ''}`}
            valueLabelDisplay="auto"
            valueLabelFormat={(position) => `${steps[position] ?? ''}`}
          />
        )}
      </Stack>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Image gallery" role="list">
        {groups.map((group) => (
          <div role="listitem" key={group.name}>
            <ImageGroupCard experimentKey={experimentKey} group={group} index={indexOf(group)} onIndex={(index) => move(group, index)} onOpen={() => setOpened(group.name)} />
          </div>
        ))}
      </Stack>
      {openedGroup && (
        <ImageViewer
          experimentKey={experimentKey}
          group={openedGroup}
          index={indexOf(openedGroup)}
          onIndex={(index) => move(openedGroup, index)}
          layers={switches.layers}
          labels={switches.labels}
          filter={filter}
          onFilter={setFilter}
          onClose={() => setOpened(null)}
        />
      )}
    </Stack>
  );
}
