import { Box, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors.ts';
import { byStepThenName, CannotDisplay, DownloadButton, focusedAsset, MEDIA_MAX_BYTES, stepLabel, useAssetBytes, useAssetObjectUrl, useRunAssets, type RunAsset } from '../av-common/index.ts';
import type { MediaTabProps } from '../media-focus.ts';

/** The run's videos (`log_video`), one player per asset with its step; one the browser cannot play says so, with its download. */
export function VideoTab({ experimentKey, focus }: MediaTabProps) {
  const videos = useRunAssets(experimentKey, (asset) => asset.type === 'video' || asset.video);
  const ordered = useMemo(() => byStepThenName(videos.data ?? []), [videos.data]);
  if (videos.error) return <Typography role="alert">Cannot list the videos: {videos.error.message}</Typography>;
  if (!videos.data) return <CircularProgress aria-label="Loading the videos" />;
  const focused = focus ? focusedAsset(ordered, focus) : undefined;
  return (
    <Stack component="ul" aria-label="Videos" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {ordered.map((asset) => (
        <VideoItem key={asset.assetId} experimentKey={experimentKey} asset={asset} focused={asset === focused} />
      ))}
    </Stack>
  );
}

/** One video: name, step, and a player over its bytes (read through the backend), or why it cannot play. */
function VideoItem({ experimentKey, asset, focused }: { experimentKey: string; asset: RunAsset; focused: boolean }) {
  const fits = !asset.remote && asset.fileSize <= MEDIA_MAX_BYTES;
  const bytes = useAssetBytes(experimentKey, asset.assetId, fits);
  const url = useAssetObjectUrl(bytes.data);
  const [unplayable, setUnplayable] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) item.current?.scrollIntoView({ block: 'nearest' });
  }, [focused]);
  return (
    <Paper ref={item} component="li" variant="outlined" aria-label={`Video ${asset.fileName} at ${stepLabel(asset.step)}`} aria-current={focused || undefined} sx={{ p: 1.5, borderColor: focused ? 'primary.main' : undefined }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="subtitle2">{asset.fileName}</Typography>
        <Chip size="small" label={stepLabel(asset.step)} />
        <Box sx={{ flexGrow: 1 }} />
        {!unplayable && <DownloadButton experimentKey={experimentKey} asset={asset} />}
      </Stack>
      {!fits && <CannotDisplay kind="video" message={`This video is too large to play here (over ${MEDIA_MAX_BYTES / 1024 / 1024} MiB): download it.`} experimentKey={experimentKey} asset={asset} />}
      {bytes.error && <CannotDisplay kind="video" reason={errorMessage(bytes.error)} experimentKey={experimentKey} asset={asset} />}
      {fits && bytes.isPending && <CircularProgress size={20} aria-label={`Loading ${asset.fileName}`} />}
      {unplayable && <CannotDisplay kind="video" message="Cannot play this video: the app cannot decode its format." experimentKey={experimentKey} asset={asset} />}
      {url && !unplayable && <video controls src={url} aria-label={`Play ${asset.fileName}`} onError={() => setUnplayable(true)} style={{ maxWidth: '100%', maxHeight: 420 }} />}
    </Paper>
  );
}
