import GridOnIcon from '@mui/icons-material/GridOn';
import { Box, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { confusionPanelSettings } from '../../../../../../shared/api/media-panels.ts';
import type { PanelKindEntry, PanelProps } from '../../panel-types.ts';
import { MediaEmpty, MediaNamePicker, MediaStepSlider, TruncatedNote } from '../media-panel-parts.tsx';
import { emptyReason, readSettings } from '../media-settings.ts';
import { useMediaPanel } from '../use-media-panel.ts';
import { useRunTexts } from '../use-run-texts.ts';
import { confusionModel } from './confusion-model.ts';
import { MatrixTable } from './matrix-table.tsx';

/** One confusion matrix name of the selected runs side by side, at one step, with the difference of two chosen runs. */
function ConfusionPanel({ projectId, query, panelId, settings: raw, onSettingsChange }: PanelProps) {
  const settings = useMemo(() => readSettings(confusionPanelSettings, raw), [raw]);
  const set = useCallback((patch: Partial<typeof settings>) => onSettingsChange({ ...settings, ...patch }), [settings, onSettingsChange]);
  const onFirstName = useCallback((name: string) => set({ name }), [set]);
  const state = useMediaPanel({ projectId, query, panelId, type: 'confusion-matrix', name: settings.name, step: settings.step, onFirstName });
  const texts = useRunTexts(state.mediaRuns, settings.step === null ? null : state.shown);
  const model = useMemo(() => confusionModel(state.runs, texts, settings.diffA, settings.diffB), [state.runs, texts, settings.diffA, settings.diffB]);
  const empty = emptyReason(state, 'a confusion matrix', settings.name);
  const loading = state.loading || model.pending > 0;
  const difference = model.difference;
  const runPicker = (label: string, value: string | undefined, pick: (key: string) => void) => (
    <TextField select size="small" label={label} value={value ?? ''} onChange={(event) => pick(event.target.value)} sx={{ minWidth: 140 }}>
      {model.shown.map((one) => (
        <MenuItem key={one.run.key} value={one.run.key}>
          {one.run.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={1} data-testid="confusion-panel" data-state={loading ? 'loading' : 'ready'} data-name={settings.name} data-matrices={model.shown.length}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <MediaNamePicker label="Confusion matrix" value={settings.name} names={state.names} onChange={(name) => set({ name })} />
        {loading && <CircularProgress size={16} aria-label="Loading the confusion matrices" />}
      </Stack>
      <MediaStepSlider steps={state.steps} shown={state.shown} latest={settings.step === null} onChange={(step) => set({ step })} />
      {empty ? (
        <MediaEmpty reason={empty} />
      ) : (
        <Stack direction="row" spacing={2} sx={{ overflowX: 'auto', pb: 1 }}>
          {model.shown.map(({ run, step, value }) => (
            <Box key={run.key} component="figure" aria-label={run.name} data-run={run.key} sx={{ m: 0, flexShrink: 0 }}>
              <Typography component="figcaption" variant="body2" sx={{ fontWeight: 500 }}>
                {run.name} · step {step}
              </Typography>
              <MatrixTable caption={`${settings.name} of ${run.name}`} labels={value.labels} cells={value.matrix} />
            </Box>
          ))}
        </Stack>
      )}
      {model.failures.map((failure) => (
        <Typography key={failure.run.key} variant="body2" color="error">
          {failure.run.name}: {failure.reason}
        </Typography>
      ))}
      {difference && (
        <Box component="section" aria-label="Difference of two runs">
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="subtitle2">Difference</Typography>
            {runPicker('Run', difference.a.run.key, (key) => set({ diffA: key }))}
            <Typography>minus</Typography>
            {runPicker('Other run', difference.b.run.key, (key) => set({ diffB: key }))}
          </Stack>
          {difference.cells ? (
            <MatrixTable caption={`${difference.a.run.name} minus ${difference.b.run.name}`} labels={difference.a.value.labels} cells={difference.cells} signed />
          ) : (
            <Typography color="text.secondary">{difference.reason}</Typography>
          )}
        </Box>
      )}
      <TruncatedNote state={state} />
    </Stack>
  );
}

/** The confusion-matrices panel as the "Add panel" menu offers it. */
export const confusionPanelKind: PanelKindEntry = {
  kind: 'media-confusion',
  label: 'Confusion matrices side by side',
  description: 'One confusion matrix name per run, and the difference of two',
  icon: <GridOnIcon fontSize="small" />,
  component: ConfusionPanel,
  defaults: confusionPanelSettings.parse({}),
};
