import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { invoke } from '../../bridge.ts';
import { useApiQuery, type ApiReply } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { saveDownload } from '../../lib/save-download.ts';
import { useNotify } from '../../shell/notify.tsx';
import { Loaded, TextBlock } from './documents.tsx';

/** Largest uploaded script shown as text on the Code tab; a larger one is offered as a download. */
export const SOURCE_CODE_MAX_BYTES = 512 * 1024;

type AssetRecord = ApiReply<'listAssets'>['assets'][number];

/** The text of a `data:` URL's base64 payload, decoded as UTF-8 (invalid bytes become U+FFFD). */
export function dataUrlText(dataUrl: string): string {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The experiment's source code: the code set for it (E36) and every script the SDK uploaded (assets of type `source_code`). */
export function CodeSection({ experimentKey }: { experimentKey: string }) {
  const code = useApiQuery('getCode', { experimentKey });
  const scripts = useApiQuery('listAssets', { experimentKey, type: 'source_code' });
  const both = { data: code.data && scripts.data ? { code: code.data.code, scripts: scripts.data.assets } : undefined, error: code.error ?? scripts.error };
  return (
    <Loaded query={both} what="code">
      {({ code: text, scripts: uploaded }) => (
        <Stack spacing={2}>
          {(text !== '' || uploaded.length === 0) && <TextBlock text={text} label="Source code" empty="No code logged." />}
          {uploaded.map((asset) => <UploadedScript key={asset.assetId} asset={asset} experimentKey={experimentKey} />)}
        </Stack>
      )}
    </Loaded>
  );
}

/** One uploaded script: its text (read through the backend, shown as text only), or a download when it is too large. */
function UploadedScript({ asset, experimentKey }: { asset: AssetRecord; experimentKey: string }) {
  const profileId = useActiveProfile().id;
  const notify = useNotify();
  const shown = !asset.remote && asset.fileSize <= SOURCE_CODE_MAX_BYTES;
  const text = useQuery({
    queryKey: [profileId, 'sourceCodeText', experimentKey, asset.assetId],
    queryFn: async () => {
      const reply = await invoke('transfers.preview', { endpoint: 'downloadAsset', query: { experimentKey, assetId: asset.assetId }, maxBytes: SOURCE_CODE_MAX_BYTES, profileId });
      return dataUrlText(reply.dataUrl);
    },
    enabled: shown,
    staleTime: Infinity,
  });
  const download = async () => {
    try {
      const path = await saveDownload({ endpoint: 'downloadAsset', query: { experimentKey, assetId: asset.assetId }, fileName: asset.fileName, profileId });
      if (path) notify.success(`Saved ${asset.fileName} to ${path}.`);
    } catch (error) {
      notify.error(error, `Could not download ${asset.fileName}`);
    }
  };
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="subtitle2">{asset.fileName}</Typography>
        <Button size="small" onClick={() => void download()} aria-label={`Download ${asset.fileName}`}>Download</Button>
      </Stack>
      {!shown && <Typography color="text.secondary">Too large to show here ({asset.fileSize} bytes): download it to read it.</Typography>}
      {shown && text.isPending && <CircularProgress size={20} aria-label={`Loading ${asset.fileName}`} />}
      {shown && text.isError && <Alert severity="error">Cannot load {asset.fileName}: {errorMessage(text.error)}</Alert>}
      {shown && text.data !== undefined && <TextBlock text={text.data} label={`Source code ${asset.fileName}`} empty="The uploaded script is empty." />}
    </Box>
  );
}
