import type { CSSObject, Theme } from '@mui/material/styles';
import { CHECK_WIDTH, ROW_HEIGHT } from './table-columns.ts';

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The styles of the table's body rows, set once on the scroll container (one style computation per table
 * render instead of one per cell): they match MUI's small body cells and chips, from the theme.
 */
export function tableBodyStyles(theme: Theme): CSSObject {
  const chip = { display: 'inline-block', borderRadius: '12px', padding: '1px 8px', fontSize: '12px', lineHeight: '18px', marginRight: '4px' };
  return {
    '& tr.exp-row': { height: ROW_HEIGHT },
    '& tr.exp-row:hover': { backgroundColor: theme.palette.action.hover },
    '& tr.exp-selected, & tr.exp-selected:hover': { backgroundColor: theme.palette.action.selected },
    '& tr.exp-row > td': {
      ...ellipsis,
      ...theme.typography.body2,
      padding: '6px 16px',
      borderBottom: `1px solid ${theme.palette.divider}`,
      color: theme.palette.text.primary,
    },
    // The checkbox and the name stay at the left edge while the columns scroll sideways under them: which run is which
    // stays in view however many summary columns are added. Opaque, with the row's hover or selection tint over it.
    '& tr.exp-row > td.exp-check, & tr.exp-row > td.exp-name': { position: 'sticky', backgroundColor: theme.palette.background.paper, zIndex: 1 },
    '& tr.exp-row > td.exp-check': { padding: '0 0 0 14px', left: 0 },
    '& tr.exp-row > td.exp-name': { left: CHECK_WIDTH, boxShadow: `inset -1px 0 0 ${theme.palette.divider}` },
    '& tr.exp-row:hover > td.exp-check, & tr.exp-row:hover > td.exp-name': {
      backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
    },
    '& tr.exp-selected > td.exp-check, & tr.exp-selected > td.exp-name, & tr.exp-selected:hover > td.exp-check, & tr.exp-selected:hover > td.exp-name': {
      backgroundImage: `linear-gradient(${theme.palette.action.selected}, ${theme.palette.action.selected})`,
    },
    '& td.exp-check input': { width: '18px', height: '18px', accentColor: theme.palette.primary.main, cursor: 'pointer', margin: 0 },
    '& tr.exp-row > td.exp-mono': { fontFamily: 'monospace' },
    '& td.exp-number': { fontVariantNumeric: 'tabular-nums' },
    '& tr.exp-row > td.exp-failed': { color: theme.palette.error.main },
    '& tr.exp-row a': { color: theme.palette.primary.main, textDecoration: 'none' },
    '& tr.exp-row a:hover, & tr.exp-row a:focus-visible': { textDecoration: 'underline' },
    '& .exp-linked': { marginRight: '4px' },
    '& .exp-state': chip,
    '& .exp-state-running': { backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText },
    '& .exp-state-finished': { border: `1px solid ${theme.palette.divider}`, padding: '0 7px' },
    '& .exp-state-crashed': { backgroundColor: theme.palette.error.light, color: theme.palette.error.contrastText },
    '& .exp-state-archived': { backgroundColor: theme.palette.warning.main, color: theme.palette.warning.contrastText },
    '& .exp-state-trash': { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
    // A tag chip: its name shortened with an ellipsis inside the chip, so that its × stays with it and never stands alone.
    '& .exp-tag': { ...chip, border: `1px solid ${theme.palette.divider}`, padding: '0 7px', maxWidth: '60px', display: 'inline-flex', verticalAlign: 'middle' },
    '& .exp-tag-name': { ...ellipsis, minWidth: 0 },
    '& .exp-tag-remove': { flexShrink: 0, font: 'inherit', border: 0, background: 'none', color: 'inherit', cursor: 'pointer', padding: '0 0 0 3px', opacity: 0.6 },
    // The glyph is drawn by CSS, so the cell's text stays the tags alone (the button is named by its aria-label).
    '& .exp-tag-remove::before': { content: '"×"' },
    '& .exp-tag-remove:hover:not(:disabled)': { opacity: 1 },
    '& .exp-tag-remove:disabled': { cursor: 'default', opacity: 0.3 },
    // The row actions stay at the right edge while the columns scroll sideways under them (a narrow window, many summary columns).
    '& tr.exp-row > td.exp-actions': { padding: 0, textAlign: 'center', textOverflow: 'clip', position: 'sticky', right: 0, backgroundColor: theme.palette.background.paper },
    '& tr.exp-row:hover > td.exp-actions': { backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})` },
    '& tr.exp-selected > td.exp-actions, & tr.exp-selected:hover > td.exp-actions': {
      backgroundImage: `linear-gradient(${theme.palette.action.selected}, ${theme.palette.action.selected})`,
    },
    '& td.exp-actions button': {
      font: 'inherit',
      fontSize: '18px',
      lineHeight: 1,
      width: '32px',
      height: '32px',
      border: 0,
      borderRadius: '50%',
      background: 'none',
      color: theme.palette.text.secondary,
      cursor: 'pointer',
    },
    '& td.exp-actions button:hover, & td.exp-actions button:focus-visible': { backgroundColor: theme.palette.action.hover },
  };
}
