import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { ValueCell } from '../logged-data/index.ts';
import type { Summary } from '../experiments/summary-columns.ts';

/** Metric, parameter or "other" summaries: name, last, min and max values (and the last step for metrics). */
export function SummariesTable({ summaries, label, withSteps }: { summaries: readonly Summary[]; label: string; withSteps: boolean }) {
  if (summaries.length === 0) return <Typography color="text.secondary">None logged.</Typography>;
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Last</TableCell>
            <TableCell>Min</TableCell>
            <TableCell>Max</TableCell>
            {withSteps && <TableCell>Last step</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {summaries.map((summary) => (
            <TableRow key={summary.name}>
              <TableCell component="th" scope="row" sx={{ wordBreak: 'break-word' }}>
                {summary.name}
              </TableCell>
              <ValueCell value={summary.valueCurrent} />
              <ValueCell value={summary.valueMin} />
              <ValueCell value={summary.valueMax} />
              {withSteps && <TableCell>{summary.stepCurrent ?? '—'}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
