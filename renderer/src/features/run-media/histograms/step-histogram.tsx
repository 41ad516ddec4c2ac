import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { compactHistogram, histogramBins, type Histogram3d } from '../../../../../shared/media/histogram3d.ts';
import { formatBin } from './bin-format.ts';

/** One step's histogram: its bins from the first non-empty to the last as bars, and its non-empty bins as a table. */
export function StepHistogram({ histogram, label }: { histogram: Histogram3d; label: string }) {
  const compact = compactHistogram(histogram);
  const top = compact.reduce((max, bin) => Math.max(max, bin.count), 0);
  return (
    <Box>
      <Box aria-hidden sx={{ display: 'flex', alignItems: 'flex-end', height: 100, gap: '1px', mb: 1, color: 'primary.main' }}>
        {compact.map((bin) => (
          <div key={bin.index} title={`${formatBin(bin)}: ${bin.count}`} style={{ flex: 1, minWidth: 1, height: `${top > 0 ? (100 * bin.count) / top : 0}%`, background: 'currentColor' }} />
        ))}
      </Box>
      <Table size="small" aria-label={label} sx={{ maxWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell>Bin</TableCell>
            <TableCell>Values</TableCell>
            <TableCell align="right">Count</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {histogramBins(histogram).map((bin) => (
            <TableRow key={bin.index}>
              <TableCell>{bin.index}</TableCell>
              <TableCell>{formatBin(bin)}</TableCell>
              <TableCell align="right">{bin.count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
