import { Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from './axis-scale.ts';
import type { ParallelModel } from './parallel-model.ts';

/** At most this many rows: the table is for reading values, the chart for seeing many runs. */
const MAX_ROWS = 1000;

/** A value as the table shows it. */
const shownValue = (value: number | string | null | undefined) => (value === null || value === undefined ? '—' : typeof value === 'number' ? formatNumber(value) : value);

/** The runs the chart draws with their values on each axis, as a table (what the chart shows, readable and testable). */
export function ParallelTable({ model, shown, passing }: { model: ParallelModel; shown: Uint8Array; passing: Uint8Array }) {
  const runs: number[] = [];
  for (let run = 0; run < model.keys.length && runs.length < MAX_ROWS; run += 1) if (shown[run] === 1) runs.push(run);
  return (
    <>
      <Table size="small" aria-label="Runs drawn in the parallel coordinates">
        <TableHead>
          <TableRow>
            <TableCell>Run</TableCell>
            {model.axes.map((axis) => (
              <TableCell key={axis.id}>{axis.label}</TableCell>
            ))}
            <TableCell>Inside the brushes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => (
            <TableRow key={model.keys[run]} data-run-key={model.keys[run]}>
              <TableCell>
                <Link component={RouterLink} to={`/experiments/${model.keys[run]}`}>
                  {model.names[run] ?? model.keys[run]?.slice(0, 8)}
                </Link>
              </TableCell>
              {model.axes.map((axis) => (
                <TableCell key={axis.id}>{shownValue(axis.values[run])}</TableCell>
              ))}
              <TableCell>{passing[run] === 1 ? 'yes' : 'no'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {runs.length === MAX_ROWS && <Typography variant="caption">The first {MAX_ROWS} runs are listed; brush the chart to narrow them.</Typography>}
    </>
  );
}
