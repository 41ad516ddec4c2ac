import LinkIcon from '@mui/icons-material/Link';
import { memo, type MouseEvent } from 'react';
import { rowLabel, STATE_ICONS, STATE_LABELS, type ExperimentRow } from './experiment-row.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatDuration } from './format.ts';
import type { LazyEntry } from './lazy-row-data.ts';
import { columnId, formatSummaryValue, summaryValue, type Summary, type SummaryColumn } from './summary-columns.ts';

/** What a row needs besides its data: the lazily fetched summaries and tags, and the handlers. */
interface RowProps {
  row: ExperimentRow;
  index: number;
  /** The address of the experiments' pages, to which the row's key is added (`useHref('/experiments/')`). */
  pageHref: string;
  selected: boolean;
  summaryColumns: readonly SummaryColumn[];
  metrics: LazyEntry<'metric'> | undefined;
  params: LazyEntry<'param'> | undefined;
  /** Tags fetched for this row when the service cannot list a project's tags at once. */
  lazyTags: LazyEntry<'tags'> | undefined;
  onToggle(key: string, shift: boolean): void;
  onMenu(row: ExperimentRow, anchor: HTMLElement): void;
  /** Removes one tag from a row (the × on the tag). */
  onRemoveTag(row: ExperimentRow, tag: string): void;
  /** Why the caller may not remove tags (the × is disabled with this reason), if so. */
  removeTagRefusal: string | undefined;
}

/** Tag chips a row shows (the Tags column fits this many, each shortened); the others are counted as "+N". */
const SHOWN_TAGS = 2;

function SummaryCell({ column, entry }: { column: SummaryColumn; entry: LazyEntry<'metric'> | LazyEntry<'param'> | undefined }) {
  if (!entry || entry.status === 'loading') return <td aria-busy="true">…</td>;
  if (entry.status === 'failed') {
    return (
      <td title={entry.message} className="exp-failed">
        !
      </td>
    );
  }
  const value = summaryValue(entry.value as Summary[], column);
  return (
    <td title={value} className="exp-number">
      {value === undefined ? '—' : formatSummaryValue(value)}
    </td>
  );
}

/**
 * One experiment in the table. Rows are plain table elements styled once by the table (see `table-styles.ts`),
 * not styled components: only the rows on screen render, but they re-render on every filter keystroke and
 * scroll step, where per-row style computation would cost frames; the name is a plain link to the page's address
 * (the hash router follows it), not a router link resolving its path per row. Memoized: unchanged rows do not re-render.
 */
export const ExperimentTableRow = memo(function ExperimentTableRow(props: RowProps) {
  const { row, index, pageHref, selected, summaryColumns, metrics, params, lazyTags, onToggle, onMenu, onRemoveTag, removeTagRefusal } = props;
  const label = rowLabel(row);
  const tags = lazyTags?.status === 'done' ? lazyTags.value : row.tags;
  return (
    <tr className={selected ? 'exp-row exp-selected' : 'exp-row'} aria-rowindex={index + 2} aria-selected={selected} data-row-key={row.key}>
      <td className="exp-check">
        <input type="checkbox" checked={selected} onChange={() => undefined} onClick={(event: MouseEvent) => onToggle(row.key, event.shiftKey)} aria-label={`Select ${label}`} />
      </td>
      <td className="exp-name">
        {row.linked && (
          <span className="exp-linked" title={`Symlinked here; its home is “${row.homeProjectName}”`} aria-label="Symlinked" role="img">
            <LinkIcon fontSize="inherit" />
          </span>
        )}
        {row.state === 'trash' ? label : <a href={pageHref + encodeURIComponent(row.key)}>{label}</a>}
      </td>
      <td className="exp-mono" title={row.key}>
        {row.key.slice(0, 8)}
      </td>
      <td>
        <span className={`exp-state exp-state-${row.state}`} title={row.stateDetail ?? undefined}>
          <span aria-hidden="true">{STATE_ICONS[row.state]} </span>
          {STATE_LABELS[row.state]}
        </span>
      </td>
      <td>{formatDateTime(row.startTimeMillis)}</td>
      <td>{formatDuration(row.durationMillis)}</td>
      <td title={tags.join(', ')}>
        {tags.slice(0, SHOWN_TAGS).map((tag) => (
          <span key={tag} className="exp-tag">
            <span className="exp-tag-name">{tag}</span>
            {row.state !== 'trash' && (
              <button
                type="button"
                className="exp-tag-remove"
                aria-label={`Remove tag ${tag} from ${label}`}
                title={removeTagRefusal ?? `Remove tag “${tag}”`}
                disabled={removeTagRefusal !== undefined}
                onClick={() => onRemoveTag({ ...row, tags }, tag)}
              />
            )}
          </span>
        ))}
        {tags.length > SHOWN_TAGS && <span className="exp-tag">+{tags.length - SHOWN_TAGS}</span>}
      </td>
      {summaryColumns.map((column) => (
        <SummaryCell key={columnId(column)} column={column} entry={column.kind === 'metric' ? metrics : params} />
      ))}
      <td className="exp-actions">
        <button type="button" aria-label={`Actions for ${label}`} aria-haspopup="menu" onClick={(event) => onMenu(row, event.currentTarget)}>
          ⋮
        </button>
      </td>
    </tr>
  );
});
