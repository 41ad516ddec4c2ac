import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatLoggedValue } from '../../lib/format.ts';
import type { Summary } from '../experiments/summary-columns.ts';

/** A cell showing a logged value, shortened when long, with the exact value on hover. */
export function ValueCell({ value }: { value: string }) {
  const shown = formatLoggedValue(value);
  return (
    <TableCell sx={{ wordBreak: 'break-word' }} title={shown === value ? undefined : value}>
      {shown}
    </TableCell>
  );
}

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
