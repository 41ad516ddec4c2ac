import { Box, ButtonBase, Typography } from '@mui/material';
import type { ConfusionMatrix, ConfusionNormalisation } from '../../../../../shared/media/confusion-matrix.ts';
import { cellKey, formatConfusionValue } from './confusion-format.ts';

/** What the grid shows and what a click on a cell with examples does. */
interface ConfusionGridProps {
  matrix: ConfusionMatrix;
  values: readonly (readonly number[])[];
  by: ConfusionNormalisation;
  /** Cells called out as the worst confusions (`row:column`). */
  worst: ReadonlySet<string>;
  onExamples(row: number, column: number): void;
}

/** A cell's background: the diagonal in green, other cells in red, stronger with their share of the row. */
function shade(matrix: ConfusionMatrix, row: number, column: number): string {
  const cells = matrix.matrix[row] ?? [];
  const total = cells.reduce((sum, value) => sum + value, 0);
  const share = total > 0 ? (cells[column] ?? 0) / total : 0;
  const alpha = (0.08 + 0.6 * share).toFixed(2);
  return row === column ? `rgba(46, 125, 50, ${alpha})` : share > 0 ? `rgba(211, 47, 47, ${alpha})` : 'transparent';
}

/**
 * The confusion matrix as a table: rows are the actual classes, columns the predicted ones (axis titles from the file),
 * each cell its count or percent, named "<actual> predicted as <predicted>: <value>"; called-out cells are outlined,
 * and a cell with example images is a button that shows them.
 */
export function ConfusionGrid({ matrix, values, by, worst, onExamples }: ConfusionGridProps) {
  const cellSx = { border: 1, borderColor: 'divider', px: 1.5, py: 1, textAlign: 'center', minWidth: 56 } as const;
  return (
    <Box sx={{ overflow: 'auto' }}>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }} aria-hidden>
        {matrix.columnLabel} →
      </Typography>
      <Box component="table" aria-label={`Confusion matrix ${matrix.title || ''}`.trim()} sx={{ borderCollapse: 'collapse', mx: 'auto' }}>
        <caption style={{ captionSide: 'bottom', fontSize: 12 }}>
          Rows: {matrix.rowLabel}. Columns: {matrix.columnLabel}.
        </caption>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ ...cellSx, fontWeight: 400, color: 'text.secondary' }}>
              {matrix.rowLabel} ↓
            </Box>
            {matrix.labels.map((label, column) => (
              <Box component="th" scope="col" key={column} sx={cellSx}>
                {label}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {values.map((row, rowIndex) => (
            <tr key={rowIndex}>
              <Box component="th" scope="row" sx={{ ...cellSx, textAlign: 'right' }}>
                {matrix.labels[rowIndex]}
              </Box>
              {row.map((value, column) => {
                const called = worst.has(cellKey(rowIndex, column));
                const name = `${matrix.labels[rowIndex]} predicted as ${matrix.labels[column]}: ${formatConfusionValue(value, by)}${called ? ', among the worst confusions' : ''}`;
                const examples = matrix.sampleMatrix?.[rowIndex]?.[column]?.length ?? 0;
                const text = formatConfusionValue(value, by);
                return (
                  <Box
                    component="td"
                    key={column}
                    aria-label={name}
                    data-worst={called ? 'true' : undefined}
                    sx={{ ...cellSx, bgcolor: shade(matrix, rowIndex, column), outline: called ? '2px solid' : 'none', outlineColor: 'error.main', outlineOffset: -2 }}
                  >
                    {examples > 0 ? (
                      <ButtonBase onClick={() => onExamples(rowIndex, column)} aria-label={`Show the ${examples} examples of ${matrix.labels[rowIndex]} predicted as ${matrix.labels[column]}`} sx={{ textDecoration: 'underline', font: 'inherit' }}>
                        {text}
                      </ButtonBase>
                    ) : (
                      text
                    )}
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
