import { CircularProgress, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { isTableAsset } from '../../../../../shared/media/tables.ts';
import { byStepThenName, DownloadButton, focusedAsset, stepLabel, useRunAssets } from '../av-common/index.ts';
import { TableView } from './table-view.tsx';
import type { MediaTabProps } from '../media-focus.ts';

/** The run's tables (`log_table`: CSV, TSV, JSON records): one at a time, chosen by name and step, read in pages. */
export function TablesTab({ experimentKey, focus }: MediaTabProps) {
  const tables = useRunAssets(experimentKey, isTableAsset);
  const ordered = useMemo(() => byStepThenName(tables.data ?? []), [tables.data]);
  const [chosen, setChosen] = useState<string>();
  if (tables.error) return <Typography role="alert">Cannot list the tables: {tables.error.message}</Typography>;
  if (!tables.data) return <CircularProgress aria-label="Loading the tables" />;
  const asset = ordered.find((table) => table.assetId === chosen) ?? focusedAsset(ordered, focus);
  if (!asset) return <Typography color="text.secondary">No tables logged.</Typography>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 280 }}>
          <InputLabel id="table-choice">Table</InputLabel>
          <Select labelId="table-choice" label="Table" value={asset.assetId} onChange={(event) => setChosen(event.target.value)}>
            {ordered.map((table) => (
              <MenuItem key={table.assetId} value={table.assetId}>
                {table.fileName} · {stepLabel(table.step)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <DownloadButton experimentKey={experimentKey} asset={asset} />
      </Stack>
      <TableView key={asset.assetId} experimentKey={experimentKey} asset={asset} />
    </Stack>
  );
}
