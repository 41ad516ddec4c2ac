import { useVirtualizer } from '@tanstack/react-virtual';
import { memo } from 'react';
import { useHref } from 'react-router';
import type { ExperimentRow } from './experiment-row.ts';
import { ExperimentTableRow } from './experiment-table-row.tsx';
import type { LazyKind, LazyRowData } from './lazy-row-data.ts';
import type { Selection } from './selection.ts';
import type { SummaryColumn } from './summary-columns.ts';
import { ROW_HEIGHT } from './table-columns.ts';
import { useLazyRowData } from './use-lazy-row-data.ts';

/** What the body of the table shows and how it reports clicks. */
interface VirtualRowsProps {
  rows: readonly ExperimentRow[];
  /** The element that scrolls the rows (null until it is mounted). */
  scroller: HTMLElement | null;
  columnCount: number;
  selection: Selection;
  summaryColumns: readonly SummaryColumn[];
  lazy: LazyRowData;
  lazyKinds: readonly LazyKind[];
  tagsListed: boolean;
  onToggle(key: string, shift: boolean): void;
  onMenu(row: ExperimentRow, anchor: HTMLElement): void;
  /** Removes one tag from a row (the × on the tag). */
  onRemoveTag(row: ExperimentRow, tag: string): void;
  /** Why the caller may not remove tags (the × is disabled with this reason), if so. */
  removeTagRefusal: string | undefined;
}

const estimateSize = () => ROW_HEIGHT;
/** Rows rendered beyond each edge of the viewport: every one is rendered and laid out again on each filter keystroke. */
const OVERSCAN = 5;

const spacer = (height: number, columns: number) =>
  height > 0 ? (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0 }} />
    </tr>
  ) : null;

/**
 * The rows on screen (and a few beyond), between two spacer rows that give the table its full height. A component of
 * its own so that a scroll step renders only this: not the scroller, the MUI table around it, nor its head.
 */
export const VirtualRows = memo(function VirtualRows(props: VirtualRowsProps) {
  const { rows, scroller, columnCount, selection, summaryColumns, lazy, tagsListed } = props;
  // Items keyed by index (rows have one fixed height): the virtualizer lays out every row again only when the count
  // changes, not on every live update of a few rows.
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller, estimateSize, overscan: OVERSCAN });
  const pageHref = useHref('/experiments/');
  const items = virtualizer.getVirtualItems();
  const visibleRows = items.flatMap((item) => rows[item.index] ?? []);
  useLazyRowData(lazy, props.lazyKinds, visibleRows);
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      {spacer(top, columnCount)}
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <ExperimentTableRow
            key={row.key}
            row={row}
            index={item.index}
            pageHref={pageHref}
            selected={selection.keys.has(row.key)}
            summaryColumns={summaryColumns}
            metrics={lazy.get('metric', row.key)}
            params={lazy.get('param', row.key)}
            lazyTags={tagsListed ? undefined : lazy.get('tags', row.key)}
            onToggle={props.onToggle}
            onMenu={props.onMenu}
            onRemoveTag={props.onRemoveTag}
            removeTagRefusal={props.removeTagRefusal}
          />
        );
      })}
      {spacer(bottom, columnCount)}
    </>
  );
});
