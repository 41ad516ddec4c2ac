import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  Checkbox,
  Chip,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { RefusalTooltip } from '../../shell/refusal-tooltip.tsx';
import { breaksLongText, givesWayWhenNarrow, stickyActionsCell } from '../../shell/table-layout.ts';
import { AssetPreview } from './asset-preview.tsx';
import type { AssetRecord } from './asset-record.ts';
import { AssetTags } from './asset-tags.tsx';
import { formatBytes } from './format.ts';
import type { AssetActions } from './use-asset-actions.ts';
import { mediaTabOf } from '../run-media/media-tabs.ts';

const FIRST_PAGE_SIZE = 25;
const PAGE_SIZES = [FIRST_PAGE_SIZE, 50, 100];

/** The assets to show, the selection, and the actions of their experiment. */
interface AssetTableProps {
  experimentKey: string;
  assets: readonly AssetRecord[];
  selected: ReadonlySet<string>;
  onSelect(assetIds: readonly string[], selected: boolean): void;
  actions: AssetActions;
  /** Registers a logged model (an asset of type model-element) in the registry. */
  onRegister(asset: AssetRecord): void;
}

/** A link from an asset's row to the run page tab that shows it (its name and step selected there), when one does. */
function ShowInTab({ asset }: { asset: AssetRecord }) {
  const tab = asset.remote ? undefined : mediaTabOf(asset);
  if (!tab) return null;
  const search = new URLSearchParams({ section: tab, name: asset.fileName, ...(asset.step === null || asset.step === undefined ? {} : { step: String(asset.step) }) });
  return (
    <Link component={RouterLink} to={{ search: `?${search.toString()}` }} variant="caption" aria-label={`Show ${asset.fileName} in ${tab}`} sx={{ whiteSpace: 'nowrap' }}>
      Show in {tab}
    </Link>
  );
}

function AssetRow({ asset, experimentKey, selected, onSelect, actions, onRegister }: Omit<AssetTableProps, 'assets' | 'selected'> & { asset: AssetRecord; selected: boolean }) {
  const downloading = actions.busy === `Download ${asset.assetId}`;
  return (
    <TableRow hover selected={selected} aria-label={asset.fileName}>
      <TableCell padding="checkbox">
        <Checkbox checked={selected} onChange={(event) => onSelect([asset.assetId], event.target.checked)} slotProps={{ input: { 'aria-label': `Select ${asset.fileName}` } }} />
      </TableCell>
      <TableCell sx={{ width: 64 }}>
        <AssetPreview asset={asset} experimentKey={experimentKey} />
      </TableCell>
      {/* Long names break anywhere, but never narrower than a short name and its "Show in …" link. */}
      <TableCell sx={[breaksLongText, { maxWidth: 280 }]}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{asset.fileName}</span>
          {asset.remote && <Chip size="small" variant="outlined" label="remote" />}
        </Stack>
        <ShowInTab asset={asset} />
        {asset.remote && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {asset.link}
          </Typography>
        )}
      </TableCell>
      <TableCell>{asset.type}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{asset.remote ? '—' : formatBytes(asset.fileSize)}</TableCell>
      <TableCell align="right" sx={givesWayWhenNarrow}>{asset.step ?? ''}</TableCell>
      <TableCell sx={givesWayWhenNarrow}>{asset.runContext ?? ''}</TableCell>
      <TableCell sx={{ minWidth: 160 }}>
        <AssetTags
          asset={asset}
          busy={actions.busy !== null}
          refusals={actions.refusals}
          onAdd={(tags) => actions.addTags([asset], tags)}
          onRemove={(tag) => void actions.removeTag([asset], tag)}
        />
      </TableCell>
      <TableCell sx={[givesWayWhenNarrow, { whiteSpace: 'nowrap' }]}>{formatDateTime(asset.createdAt)}</TableCell>
      <TableCell sx={[stickyActionsCell, { whiteSpace: 'nowrap' }]}>
        {asset.type === 'model-element' && asset.groupingName && (
          <Button size="small" onClick={() => onRegister(asset)} aria-label={`Register model ${asset.groupingName}`}>
            Register
          </Button>
        )}
        <Tooltip title={asset.remote ? 'Stored elsewhere: see its address' : 'Download'}>
          <span>
            <IconButton disabled={asset.remote || downloading} onClick={() => void actions.download(asset)} aria-label={`Download ${asset.fileName}`}>
              <DownloadIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <RefusalTooltip reason={actions.refusals.remove}>
          <IconButton disabled={actions.busy !== null || actions.refusals.remove !== undefined} onClick={() => void actions.remove([asset])} aria-label={`Delete ${asset.fileName}`}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </RefusalTooltip>
      </TableCell>
    </TableRow>
  );
}

/** The experiment's assets a page at a time: preview, name, type, size, step, context, tags, time, download and delete. */
export function AssetTable({ experimentKey, assets, selected, onSelect, actions, onRegister }: AssetTableProps) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(FIRST_PAGE_SIZE);
  const lastPage = Math.max(0, Math.ceil(assets.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = assets.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  const allOnPage = rows.length > 0 && rows.every((asset) => selected.has(asset.assetId));
  const someOnPage = rows.some((asset) => selected.has(asset.assetId));
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Assets">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allOnPage}
                  indeterminate={someOnPage && !allOnPage}
                  onChange={(event) => onSelect(rows.map((asset) => asset.assetId), event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Select the assets on this page' } }}
                />
              </TableCell>
              <TableCell>Preview</TableCell>
              <TableCell>File</TableCell>
              <TableCell>Type</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell align="right" sx={givesWayWhenNarrow}>Step</TableCell>
              <TableCell sx={givesWayWhenNarrow}>Context</TableCell>
              <TableCell>Tags</TableCell>
              <TableCell sx={givesWayWhenNarrow}>Uploaded</TableCell>
              <TableCell sx={stickyActionsCell}>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((asset) => (
              <AssetRow
                key={asset.assetId}
                asset={asset}
                experimentKey={experimentKey}
                selected={selected.has(asset.assetId)}
                onSelect={onSelect}
                actions={actions}
                onRegister={onRegister}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {assets.length > FIRST_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={assets.length}
          page={shownPage}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
}
