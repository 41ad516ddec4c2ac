import { Box, Checkbox, FormControlLabel, FormGroup, Slider, Stack, Switch, Typography } from '@mui/material';
import type { AnnotationFilter } from '../../../../../shared/media/annotations.ts';

/** Switches one value in or out of a set (a new set). */
export const toggled = (values: ReadonlySet<string>, value: string): Set<string> => {
  const next = new Set(values);
  if (!next.delete(value)) next.add(value);
  return next;
};

/** The switches of the annotation layers and labels, and the score threshold. */
export function AnnotationControls({ layers, labels, filter, onChange }: { layers: string[]; labels: string[]; filter: AnnotationFilter; onChange: (filter: AnnotationFilter) => void }) {
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <FormGroup row aria-label="Annotation layers">
        {layers.map((layer) => (
          <FormControlLabel
            key={layer}
            label={`Layer ${layer}`}
            control={<Switch size="small" checked={!filter.hiddenLayers.has(layer)} onChange={() => onChange({ ...filter, hiddenLayers: toggled(filter.hiddenLayers, layer) })} />}
          />
        ))}
      </FormGroup>
      <FormGroup row aria-label="Annotation labels">
        {labels.map((label) => (
          <FormControlLabel
            key={label}
            label={label === '' ? '(no label)' : label}
            control={<Checkbox size="small" checked={!filter.hiddenLabels.has(label)} onChange={() => onChange({ ...filter, hiddenLabels: toggled(filter.hiddenLabels, label) })} />}
          />
        ))}
      </FormGroup>
      <Box sx={{ width: 220 }}>
        <Typography variant="caption">Score at least {filter.minScore.toFixed(2)}</Typography>
        <Slider
          size="small"
          min={0}
          max={1}
          step={0.01}
          value={filter.minScore}
          onChange={(_event, value) => onChange({ ...filter, minScore: Math.round((value as number) * 100) / 100 })}
          aria-label="Score threshold"
        />
      </Box>
    </Stack>
  );
}
