import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { Box, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { imagesPanelSettings } from '../../../../../../shared/api/media-panels.ts';
import { useApiQuery } from '../../../../lib/api.ts';
import { useActiveProfile } from '../../../../lib/profiles.tsx';
import { Thumbnail, thumbnailKey, useThumbnail } from '../../../run-media/images/index.ts';
import type { PanelKindEntry, PanelProps } from '../../panel-types.ts';
import { MediaEmpty, MediaNamePicker, MediaStepSlider, TruncatedNote } from '../media-panel-parts.tsx';
import { emptyReason, readSettings } from '../media-settings.ts';
import { useMediaPanel } from '../use-media-panel.ts';
import { imageGrid, neighbourItems, type ImageGroup } from './image-grid.ts';

/** The side of a thumbnail's box (CSS px); the service's 256 px preview fills it sharply on a high-density screen. */
const THUMB_SIZE = 128;
const PREVIEW_SIZE = 256;

/** Reads a thumbnail ahead, showing nothing (the slider's next steps then show at once). */
function ThumbnailAhead({ experimentKey, assetId }: { experimentKey: string; assetId: string }) {
  useThumbnail({ experimentKey, assetId, size: PREVIEW_SIZE });
  return null;
}

/** One group's runs as columns: each run's name on top, its image at the step shown below. */
function ImageColumns({ group, shown }: { group: ImageGroup; shown: number | null }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ overflowX: 'auto', pb: 1 }}>
      {group.columns.map(({ run, item }) => (
        <Box
          component="figure"
          key={run.key}
          aria-label={run.name}
          data-run={run.key}
          data-step={item ? String(item.step ?? 0) : ''}
          data-asset={item?.assetId ?? ''}
          sx={{ m: 0, width: THUMB_SIZE, flexShrink: 0 }}
        >
          <Typography component="figcaption" variant="body2" noWrap title={run.name} sx={{ fontWeight: 500 }}>
            {run.name}
          </Typography>
          {item ? (
            <Thumbnail experimentKey={run.key} assetId={item.assetId} size={PREVIEW_SIZE} box={THUMB_SIZE} alt={`${run.name} at step ${item.step ?? 0}`} />
          ) : (
            <Box sx={{ width: THUMB_SIZE, height: THUMB_SIZE, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
              <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', px: 1 }}>
                No image by step {shown}
              </Typography>
            </Box>
          )}
          {item && (item.step ?? 0) !== shown && (
            <Typography variant="caption" color="text.secondary">
              from step {item.step ?? 0}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The same image name of the selected runs side by side: one step slider for all, runs as columns, grouped by a parameter if asked. */
function ImagesPanel({ projectId, query, panelId, settings: raw, onSettingsChange }: PanelProps) {
  const settings = useMemo(() => readSettings(imagesPanelSettings, raw), [raw]);
  const set = useCallback((patch: Partial<typeof settings>) => onSettingsChange({ ...settings, ...patch }), [settings, onSettingsChange]);
  const onFirstName = useCallback((name: string) => set({ name }), [set]);
  const state = useMediaPanel({ projectId, query, panelId, type: 'image', name: settings.name, step: settings.step, groupBy: settings.groupBy, onFirstName });
  const columns = useApiQuery('getProjectColumns', { projectId }, { refetchOnWindowFocus: false, retry: false });
  const params = useMemo(() => (columns.data?.columns ?? []).filter((column) => column.source === 'params').map((column) => column.name), [columns.data]);
  const groups = useMemo(() => imageGrid(state.runs, state.mediaRuns, state.shown, settings.groupBy), [state.runs, state.mediaRuns, state.shown, settings.groupBy]);
  // The next steps' images are read once every image shown has come, never before them (this re-renders as thumbnail reads end).
  const client = useQueryClient();
  const profileId = useActiveProfile().id;
  useIsFetching({ queryKey: [profileId, 'assetThumbnail'] });
  const came = (experimentKey: string, assetId: string) => {
    const status = client.getQueryState(thumbnailKey(profileId, { experimentKey, assetId, size: PREVIEW_SIZE }))?.status;
    return status === 'success' || status === 'error';
  };
  const shownCame = groups.every((group) => group.columns.every(({ run, item }) => !item || came(run.key, item.assetId)));
  const ahead = shownCame ? neighbourItems(state.mediaRuns, state.steps, state.shown) : [];
  const empty = emptyReason(state, 'an image', settings.name);
  const asColumns = settings.groupAs === 'columns';
  return (
    <Stack spacing={1} data-testid="images-panel" data-state={state.loading ? 'loading' : 'ready'} data-name={settings.name} data-step={state.shown ?? ''}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <MediaNamePicker label="Image" value={settings.name} names={state.names} onChange={(name) => set({ name })} />
        <TextField select size="small" label="Group by" value={settings.groupBy} onChange={(event) => set({ groupBy: event.target.value })} sx={{ minWidth: 140 }}>
          <MenuItem value="">Nothing (runs as columns)</MenuItem>
          {[...new Set([settings.groupBy, ...params])].filter(Boolean).map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {settings.groupBy !== '' && (
          <TextField select size="small" label="Groups as" value={settings.groupAs} onChange={(event) => set({ groupAs: event.target.value === 'columns' ? 'columns' : 'rows' })}>
            <MenuItem value="rows">Rows</MenuItem>
            <MenuItem value="columns">Column groups</MenuItem>
          </TextField>
        )}
        {state.loading && <CircularProgress size={16} aria-label="Loading the images" />}
      </Stack>
      <MediaStepSlider steps={state.steps} shown={state.shown} latest={settings.step === null} onChange={(step) => set({ step })} />
      {empty ? (
        <MediaEmpty reason={empty} />
      ) : (
        <Stack direction={asColumns ? 'row' : 'column'} spacing={asColumns ? 3 : 1.5} sx={{ overflowX: 'auto' }}>
          {groups.map((group) => (
            <Box key={group.label} component="section" aria-label={group.label || 'Runs'}>
              {group.label && (
                <Typography variant="subtitle2" gutterBottom>
                  {group.label}
                </Typography>
              )}
              <ImageColumns group={group} shown={state.shown} />
            </Box>
          ))}
        </Stack>
      )}
      {ahead.map((one) => (
        <ThumbnailAhead key={`${one.experimentKey}\n${one.assetId}`} experimentKey={one.experimentKey} assetId={one.assetId} />
      ))}
      <TruncatedNote state={state} />
    </Stack>
  );
}

/** The images-side-by-side panel as the "Add panel" menu offers it. */
export const imagesPanelKind: PanelKindEntry = {
  kind: 'media-images',
  label: 'Images side by side',
  description: 'One image name of every run, one step slider for all',
  icon: <PhotoLibraryOutlinedIcon fontSize="small" />,
  component: ImagesPanel,
  defaults: imagesPanelSettings.parse({}),
};
