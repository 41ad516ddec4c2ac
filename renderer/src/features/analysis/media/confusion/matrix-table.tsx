import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

/** A matrix as a small table: rows are the actual class, columns the predicted one, labels as text; `signed` shows +/−. */
export function MatrixTable({ caption, labels, cells, signed = false }: { caption: string; labels: readonly string[]; cells: readonly (readonly number[])[]; signed?: boolean }) {
  const shown = (value: number) => (signed && value > 0 ? `+${value}` : String(value));
  return (
    <Table size="small" aria-label={caption} sx={{ width: 'auto', '& td, & th': { px: 1, py: 0.25, textAlign: 'right' } }}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Actual \ predicted
          </TableCell>
          {labels.map((label, column) => (
            <TableCell key={column} component="th" scope="col">
              {label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {cells.map((row, index) => (
          <TableRow key={index}>
            <TableCell component="th" scope="row">
              {labels[index] ?? ''}
            </TableCell>
            {row.map((value, column) => (
              <TableCell key={column} data-cell={`${index},${column}`} sx={signed && value !== 0 ? { color: value > 0 ? 'success.main' : 'error.main' } : undefined}>
                {shown(value)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
