import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table cell that stays at the table's right edge while the other columns scroll sideways beneath it: put it on the
 * row actions' cells (head and body), so a narrow window never hides them.
 */
export const stickyActionsCell = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
} satisfies SxProps<Theme>;

/** A less important column's cell (head and body) that gives way in a window narrower than the theme's `lg` breakpoint. */
export const givesWayWhenNarrow = { display: { xs: 'none', lg: 'table-cell' } } satisfies SxProps<Theme>;

/**
 * A table cell (head or body) whose long text (a file name, a URL, a comment, a value) breaks anywhere rather than
 * widening the table, yet keeps room for a short word (about 12 characters): a cell that may break anywhere otherwise
 * shrinks to one letter per line when the other columns need the width.
 */
export const breaksLongText = { minWidth: 96, overflowWrap: 'anywhere' } satisfies SxProps<Theme>;
