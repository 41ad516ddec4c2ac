import { Box, Chip, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors.ts';
import { byStepThenName, CannotDisplay, focusedAsset, MetadataList, stepLabel, useAssetBytes, useRunAssets, type RunAsset } from '../av-common/index.ts';
import type { MediaTabProps } from '../media-focus.ts';

/** The asset type of `log_text`'s samples. */
const TEXT_SAMPLE = 'text-sample';

/** The run's text samples (`log_text`) as a list searchable by text and metadata, each with its step and metadata; text shown as text. */
export function TextSamplesTab({ experimentKey, focus }: MediaTabProps) {
  const samples = useRunAssets(experimentKey, (asset) => asset.type === TEXT_SAMPLE);
  const [search, setSearch] = useState('');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const ordered = useMemo(() => byStepThenName(samples.data ?? []), [samples.data]);
  const rememberText = useCallback((assetId: string, text: string) => setTexts((known) => (known[assetId] === text ? known : { ...known, [assetId]: text })), []);
  if (samples.error) return <Typography role="alert">Cannot list the text samples: {samples.error.message}</Typography>;
  if (!samples.data) return <CircularProgress aria-label="Loading the text samples" />;
  const wanted = search.trim().toLowerCase();
  const focused = focus ? focusedAsset(ordered, focus) : undefined;
  const matching = wanted === '' ? ordered : ordered.filter((asset) => `${texts[asset.assetId] ?? ''}\n${asset.metadata ?? ''}`.toLowerCase().includes(wanted));
  return (
    <Stack spacing={2}>
      <TextField size="small" label="Search the text samples" value={search} onChange={(event) => setSearch(event.target.value)} sx={{ maxWidth: 420 }} />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {matching.length} of {ordered.length} text samples
      </Typography>
      <Stack component="ul" aria-label="Text samples" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {matching.map((asset) => (
          <TextSample key={asset.assetId} experimentKey={experimentKey} asset={asset} focused={asset === focused} onText={rememberText} />
        ))}
      </Stack>
    </Stack>
  );
}

/** One text sample: its step, its text (decoded as UTF-8, shown as text) and its metadata; the focused one is scrolled to. */
function TextSample({ experimentKey, asset, focused, onText }: { experimentKey: string; asset: RunAsset; focused: boolean; onText(assetId: string, text: string): void }) {
  const bytes = useAssetBytes(experimentKey, asset.assetId);
  const text = useMemo(() => (bytes.data ? new TextDecoder().decode(bytes.data.bytes) : undefined), [bytes.data]);
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (text !== undefined) onText(asset.assetId, text);
  }, [text, onText, asset.assetId]);
  useEffect(() => {
    if (focused) item.current?.scrollIntoView({ block: 'nearest' });
  }, [focused]);
  return (
    <Paper ref={item} component="li" variant="outlined" aria-current={focused || undefined} aria-label={`Text sample at ${stepLabel(asset.step)}`} sx={{ p: 1.5, borderColor: focused ? 'primary.main' : undefined }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Chip size="small" label={stepLabel(asset.step)} />
        {asset.runContext && <Chip size="small" variant="outlined" label={asset.runContext} />}
      </Stack>
      {bytes.error && <CannotDisplay kind="text sample" reason={errorMessage(bytes.error)} experimentKey={experimentKey} asset={asset} />}
      {bytes.isPending && <CircularProgress size={20} aria-label="Loading the text" />}
      {text !== undefined && (
        <Box component="pre" aria-label="Text" sx={{ m: 0, mb: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit' }}>
          {text}
        </Box>
      )}
      <MetadataList metadata={asset.metadata} label="Metadata" />
    </Paper>
  );
}
