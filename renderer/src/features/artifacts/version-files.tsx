import DownloadIcon from '@mui/icons-material/Download';
import { Alert, CircularProgress, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useApiQuery } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { saveDownload } from '../../lib/save-download.ts';
import { useNotify } from '../../shell/notify.tsx';
import { formatBytes } from '../assets/format.ts';
import type { ArtifactFile, ArtifactVersion } from './artifact-types.ts';
import { breaksLongText } from '../../shell/table-layout.ts';

/** The checksum the SDK logs in a file's metadata (`checksum`), if any. */
function checksumOf(file: ArtifactFile): string | undefined {
  try {
    const metadata: unknown = JSON.parse(file.metadata ?? 'null');
    const checksum = metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>).checksum : undefined;
    return typeof checksum === 'string' ? checksum : undefined;
  } catch {
    return undefined;
  }
}

/** A version's files: name, size, checksum, and a download for uploaded ones; remote ones show their URI instead. */
export function VersionFiles({ artifactId, version }: { artifactId: string; version: ArtifactVersion }) {
  const profileId = useActiveProfile().id;
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  const files = useApiQuery('listArtifactVersionFiles', { artifact_id: artifactId, version: version.version });
  if (files.error) return <Alert severity="error">Could not list the files: {files.error.message}</Alert>;
  if (!files.data) return <CircularProgress aria-label="Loading the files" />;
  if (files.data.files.length === 0) return <Alert severity="info">This version has no files.</Alert>;
  const download = async (file: ArtifactFile) => {
    const query = { experimentKey: file.experimentKey, assetId: file.assetId, artifactVersionId: version.artifactVersionId };
    try {
      const path = await saveDownload({ endpoint: 'downloadAsset', query, fileName: file.fileName, profileId }, () => setBusy(file.assetId));
      if (path) notify.success(`Saved ${file.fileName} to ${path}.`);
    } catch (error) {
      notify.error(error, `Could not download ${file.fileName}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <TableContainer>
      <Table size="small" aria-label={`Files of version ${version.version}`}>
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell>Checksum</TableCell>
            <TableCell>Remote URI</TableCell>
            <TableCell align="right">Download</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.data.files.map((file) => (
            <TableRow key={file.assetId}>
              <TableCell sx={breaksLongText}>{file.fileName}</TableCell>
              <TableCell align="right">{file.remote ? '—' : formatBytes(file.fileSize)}</TableCell>
              <TableCell>
                <Typography variant="caption" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {checksumOf(file) ?? '—'}
                </Typography>
              </TableCell>
              <TableCell sx={breaksLongText}>{file.remote ? file.link : '—'}</TableCell>
              <TableCell align="right">
                {!file.remote && (
                  <Tooltip title="Download">
                    <span>
                      <IconButton size="small" disabled={busy === file.assetId} onClick={() => void download(file)} aria-label={`Download ${file.fileName}`}>
                        <DownloadIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
