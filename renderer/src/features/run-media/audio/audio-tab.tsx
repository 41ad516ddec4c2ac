import { Box, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import { useApiQuery } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { byStepThenName, CannotDisplay, DownloadButton, focusedAsset, MetadataList, stepLabel, useAssetBytes, useAssetObjectUrl, useRunAssets, type RunAsset } from '../av-common/index.ts';
import { WaveformView } from './waveform-view.tsx';
import type { MediaTabProps } from '../media-focus.ts';

/** The run's audio (`log_audio`), one player per step with its waveform (computed by the service) and metadata. */
export function AudioTab({ experimentKey, focus }: MediaTabProps) {
  const audio = useRunAssets(experimentKey, (asset) => asset.type === 'audio' || asset.audio);
  const ordered = useMemo(() => byStepThenName(audio.data ?? []), [audio.data]);
  if (audio.error) return <Typography role="alert">Cannot list the audio: {audio.error.message}</Typography>;
  if (!audio.data) return <CircularProgress aria-label="Loading the audio" />;
  const focused = focus ? focusedAsset(ordered, focus) : undefined;
  return (
    <Stack component="ul" aria-label="Audio" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {ordered.map((asset) => (
        <AudioItem key={asset.assetId} experimentKey={experimentKey} asset={asset} focused={asset === focused} />
      ))}
    </Stack>
  );
}

/** One audio asset: name and step, the player (bytes read through the backend), its waveform, format and metadata. */
function AudioItem({ experimentKey, asset, focused }: { experimentKey: string; asset: RunAsset; focused: boolean }) {
  const wave = useApiQuery('readWaveform', { experimentKey, assetId: asset.assetId }, { staleTime: Infinity, retry: false });
  const bytes = useAssetBytes(experimentKey, asset.assetId, wave.isSuccess);
  const url = useAssetObjectUrl(bytes.data, 'audio/wav');
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) item.current?.scrollIntoView({ block: 'nearest' });
  }, [focused]);
  const name = `${asset.fileName} at ${stepLabel(asset.step)}`;
  return (
    <Paper ref={item} component="li" variant="outlined" aria-label={`Audio ${name}`} aria-current={focused || undefined} sx={{ p: 1.5, borderColor: focused ? 'primary.main' : undefined }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="subtitle2">{asset.fileName}</Typography>
        <Chip size="small" label={stepLabel(asset.step)} />
        <Box sx={{ flexGrow: 1 }} />
        <DownloadButton experimentKey={experimentKey} asset={asset} />
      </Stack>
      {wave.error && <CannotDisplay kind="audio" reason={wave.error.message} experimentKey={experimentKey} asset={asset} />}
      {wave.isPending && <CircularProgress size={20} aria-label={`Loading the waveform of ${asset.fileName}`} />}
      {wave.data && (
        <>
          <WaveformView peaks={wave.data.peaks} label={`Waveform of ${asset.fileName}`} />
          <Typography variant="body2" color="text.secondary" aria-label="Audio format" sx={{ my: 0.5 }}>
            Duration {wave.data.durationSeconds.toFixed(2)} s · sample rate {wave.data.sampleRate} Hz · {wave.data.channels === 1 ? 'mono' : `${wave.data.channels} channels`} · {wave.data.bitsPerSample}-bit
          </Typography>
          {bytes.error && <CannotDisplay kind="audio" reason={errorMessage(bytes.error)} experimentKey={experimentKey} asset={asset} />}
          {url && <audio controls src={url} aria-label={`Play ${asset.fileName}`} style={{ width: '100%' }} />}
        </>
      )}
      <MetadataList metadata={asset.metadata} label="Metadata" />
    </Paper>
  );
}
