import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { plural } from '../../../lib/format.ts';
import { Link as RouterLink } from 'react-router';
import type { LineAxis, LineModel } from './line-model.ts';

/** Lines and rows shown at most (the chart draws every one). */
const MAX_LINES = 50;
const MAX_ROWS = 1_000;

/** A value as the table shows it: six significant digits, nothing where the line has none. */
export const shown = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(Number(value.toPrecision(6))));

/** An x value as the table's row header shows it. */
const xText = (x: number, axis: LineAxis) => (axis === 'time' ? new Date(x).toISOString() : shown(x));

/** The chart's data as an accessible table: a row per x, a column per line (a run's links to its page). */
export function LineTable({ model, axis }: { model: LineModel; axis: LineAxis }) {
  const lines = model.lines.slice(0, MAX_LINES);
  const rows = model.xs.slice(0, MAX_ROWS);
  return (
    <>
      {(lines.length < model.lines.length || rows.length < model.xs.length) && (
        <Typography variant="caption" color="text.secondary">
          The table shows the first {lines.length} of {model.lines.length} lines and {rows.length} of {model.xs.length} rows; zoom or filter the runs to see the rest.
        </Typography>
      )}
      <TableContainer sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label="Chart values">
          <TableHead>
            <TableRow>
              <TableCell>{axis === 'step' ? 'Step' : axis === 'relative' ? 'Seconds' : 'Time'}</TableCell>
              {lines.map((line, index) => (
                <TableCell key={`${index}:${line.label}`} align="right">
                  {line.keys.length === 1 && !line.band ? (
                    <Link component={RouterLink} to={`/experiments/${encodeURIComponent(line.keys[0] ?? '')}`}>
                      {line.label}
                    </Link>
                  ) : (
                    `${line.label} (${plural(line.keys.length, 'run')})`
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((x, at) => (
              <TableRow key={x}>
                <TableCell component="th" scope="row">
                  {xText(x, axis)}
                </TableCell>
                {lines.map((line, index) => (
                  <TableCell key={`${index}:${line.label}`} align="right">
                    {shown(line.ys[at])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
