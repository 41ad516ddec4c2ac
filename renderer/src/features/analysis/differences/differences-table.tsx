import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { splitDifferences, type DifferenceRow, type Value } from './differences.ts';
import { breaksLongText } from '../../../shell/table-layout.ts';

/** A compared run: its key and what it is called. */
export interface ComparedRun {
  key: string;
  name: string;
}

/** A value as logged (numbers in full), or a quiet "not logged". */
function ValueCell({ value }: { value: Value }) {
  return value === null ? (
    <TableCell sx={{ color: 'text.secondary', fontStyle: 'italic' }}>not logged</TableCell>
  ) : (
    <TableCell sx={[breaksLongText, { fontVariantNumeric: 'tabular-nums' }]}>{String(value)}</TableCell>
  );
}

/** One row of values; a differing one highlighted. */
function ValuesRow({ row, differing }: { row: DifferenceRow; differing: boolean }) {
  return (
    <TableRow data-differs={differing} sx={differing ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12) } : undefined}>
      <TableCell component="th" scope="row" sx={{ fontWeight: differing ? 600 : undefined }}>
        {row.label}
      </TableCell>
      {row.values.map((value, run) => (
        <ValueCell key={run} value={value} />
      ))}
    </TableRow>
  );
}

/** The runs side by side: one column per run (named, key on hover, linked), differing rows first, equal ones under "N equal". */
export function DifferencesTable({ runs, rows }: { runs: readonly ComparedRun[]; rows: readonly DifferenceRow[] }) {
  const [showEqual, setShowEqual] = useState(false);
  const { differing, equal } = splitDifferences(rows);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Differences">
        <TableHead>
          <TableRow>
            <TableCell>Parameter or metric</TableCell>
            {runs.map((run) => (
              <TableCell key={run.key} title={run.key}>
                <Link component={RouterLink} to={`/experiments/${encodeURIComponent(run.key)}`}>
                  {run.name}
                </Link>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {differing.map((row) => (
            <ValuesRow key={row.label} row={row} differing />
          ))}
          {equal.length > 0 && (
            <TableRow>
              <TableCell colSpan={runs.length + 1} sx={{ py: 0.25 }}>
                <Button size="small" sx={{ textTransform: 'none' }} aria-expanded={showEqual} startIcon={showEqual ? <ExpandLessIcon /> : <ExpandMoreIcon />} onClick={() => setShowEqual((shown) => !shown)}>
                  {equal.length} equal
                </Button>
              </TableCell>
            </TableRow>
          )}
          {showEqual && equal.map((row) => <ValuesRow key={row.label} row={row} differing={false} />)}
        </TableBody>
      </Table>
    </Box>
  );
}
