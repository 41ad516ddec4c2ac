import DownloadIcon from '@mui/icons-material/Download';
import { Alert, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { saveDownload } from '../../lib/save-download.ts';
import { useNotify } from '../../shell/notify.tsx';
import { formatBytes } from '../assets/format.ts';
import type { RegistryVersion } from './stage-dialog.tsx';
import { breaksLongText } from '../../shell/table-layout.ts';

/** A version's files (its source experiment model's), each downloadable. */
export function VersionFiles({ version }: { version: RegistryVersion }) {
  const profileId = useActiveProfile().id;
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);
  if (version.assets.length === 0) return <Alert severity="info">This version has no files: its experiment model holds none.</Alert>;
  const download = async (asset: RegistryVersion['assets'][number]) => {
    const query = { experimentKey: version.experimentModel.experimentKey, assetId: asset.assetId };
    try {
      const path = await saveDownload({ endpoint: 'downloadAsset', query, fileName: asset.fileName, profileId }, () => setBusy(asset.assetId));
      if (path) notify.success(`Saved ${asset.fileName} to ${path}.`);
    } catch (error) {
      notify.error(error, `Could not download ${asset.fileName}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <TableContainer>
      <Table size="small" aria-label="Files of the version">
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell align="right">Download</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {version.assets.map((asset) => (
            <TableRow key={asset.assetId}>
              <TableCell sx={breaksLongText}>{asset.fileName}</TableCell>
              <TableCell align="right">{formatBytes(asset.fileSize)}</TableCell>
              <TableCell align="right">
                <Tooltip title="Download">
                  <span>
                    <IconButton size="small" disabled={busy === asset.assetId} onClick={() => void download(asset)} aria-label={`Download ${asset.fileName}`}>
                      <DownloadIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
