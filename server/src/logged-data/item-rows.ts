import type { ImmediateStatement, Sql, Statement } from '../database/sql.ts';
import type { LoggedPoint, Summary } from './summary.ts';

/** What logged values are: metrics keep a series, parameters and others only a summary. */
export type ItemKind = 'metric' | 'parameter' | 'other';

/** A logged_items row: an item's summary under its name. */
export interface ItemRecord {
  id: number;
  name: string;
  value_count: number;
  [column: string]: string | number | null;
}

/** A summary to write over the row `id`; `stored`, the summary the row holds, lets SQLite write only the columns that changed. */
export interface SummaryUpdate {
  id: number;
  summary: Summary;
  stored?: Summary | undefined;
}

const MARKS = ['cur', 'min', 'max'] as const;
const MARK_COLUMNS = ['value', 'number', 'timestamp', 'step', 'context'] as const;
const COLUMNS = MARKS.flatMap((mark) => MARK_COLUMNS.map((column) => `${mark}_${column}`));
/** PostgreSQL's type of each summary column, in COLUMNS order (for arrays of them). */
const PG_TYPES = MARKS.flatMap(() => ['text', 'double precision', 'bigint', 'bigint', 'text']);

const markOf = (row: ItemRecord, mark: (typeof MARKS)[number]): LoggedPoint => ({
  value: row[`${mark}_value`] as string,
  number: row[`${mark}_number`] as number | null,
  timestamp: row[`${mark}_timestamp`] as number,
  step: row[`${mark}_step`] as number | null,
  context: row[`${mark}_context`] as string | null,
});

/** The summary a row holds. */
export const summaryOf = (row: ItemRecord): Summary => ({
  count: row.value_count,
  current: markOf(row, 'cur'),
  min: markOf(row, 'min'),
  max: markOf(row, 'max'),
});

/** The summary columns of a summary, in COLUMNS order (written out: this runs for every metric write). */
const summaryColumns = ({ current: c, min, max }: Summary): (string | number | null)[] => [
  c.value, c.number, c.timestamp, c.step, c.context,
  min.value, min.number, min.timestamp, min.step, min.context,
  max.value, max.number, max.timestamp, max.step, max.context,
];

/** PostgreSQL: summaries written over their rows, the updates as array parameters (see summaryArrays). */
export const SUMMARY_ARRAYS_UPDATE = `UPDATE logged_items SET value_count = u.value_count, ${COLUMNS.map((c) => `${c} = u.${c}`).join(', ')}
  FROM unnest(?::bigint[], ?::bigint[], ${PG_TYPES.map((type) => `?::${type}[]`).join(', ')}) AS u(id, value_count, ${COLUMNS.join(', ')})
  WHERE logged_items.id = u.id`;

/** The array parameters of SUMMARY_ARRAYS_UPDATE: ids, counts, then one array per summary column. */
export function summaryArrays(updates: readonly SummaryUpdate[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: COLUMNS.length + 2 }, () => []);
  for (const { id, summary } of updates) [id, summary.count, ...summaryColumns(summary)].forEach((value, index) => columns[index]?.push(value));
  return columns;
}

/** Reads and writes of logged_items rows. */
export interface ItemRows {
  /** One item, or undefined. */
  find(experimentId: number, kind: ItemKind, name: string): Promise<ItemRecord | undefined>;
  /** The metric items of an experiment among `names`, by name (one statement on PostgreSQL). */
  findMetrics(experimentId: number, names: readonly string[]): Promise<Map<string, ItemRecord>>;
  /** Inserts an item with its first summary; answers its id. */
  insert(experimentId: number, kind: ItemKind, name: string, summary: Summary): Promise<number>;
  /** Writes summaries over their rows (one statement on PostgreSQL). */
  update(updates: readonly SummaryUpdate[]): Promise<void>;
  /** SQLite only: the same reads and writes, synchronous (inside `Sql.transactionNow`). */
  now?: ImmediateItemRows;
}

/** The synchronous forms of ItemRows' metric reads and writes (SQLite). */
export interface ImmediateItemRows {
  findMetrics(experimentId: number, names: readonly string[]): Map<string, ItemRecord>;
  insert(experimentId: number, kind: ItemKind, name: string, summary: Summary): number;
  update(updates: readonly SummaryUpdate[]): void;
}

/**
 * Creates the item rows over a database. PostgreSQL gets set-based statements (arrays as parameters), since each
 * statement is a round trip there; SQLite runs one cheap in-process statement per row.
 */
export function createItemRows(db: Sql): ItemRows {
  const postgres = db.dialect === 'postgres';
  const selectItem = db.prepare<[number, string, string], ItemRecord>('SELECT * FROM logged_items WHERE experiment_id = ? AND kind = ? AND name = ?');
  const insertItem = db.prepare(
    `INSERT INTO logged_items (experiment_id, kind, name, value_count, ${COLUMNS.join(', ')}) VALUES (?, ?, ?, ?, ${COLUMNS.map(() => '?').join(', ')}) RETURNING id`,
  ).pluck();
  const updateItem = createChangedColumnsUpdate(db);
  /** PostgreSQL only: the set-based forms (SQLite would refuse their array casts). */
  const selectMetrics = postgres
    ? db.prepare<[number, string[]], ItemRecord>("SELECT * FROM logged_items WHERE experiment_id = ? AND kind = 'metric' AND name = ANY(?::text[])")
    : undefined;
  const updateItems = postgres ? db.prepare(SUMMARY_ARRAYS_UPDATE) : undefined;
  const select = selectItem.now;
  const insert = insertItem.now;
  const updateOne = updateItem.now;
  const now: ImmediateItemRows | undefined =
    select && insert && updateOne
      ? {
          findMetrics(experimentId, names) {
            const found = new Map<string, ItemRecord>();
            for (const name of names) {
              const row = select.get(experimentId, 'metric', name);
              if (row) found.set(name, row);
            }
            return found;
          },
          insert: (experimentId, kind, name, summary) => Number(insert.get(experimentId, kind, name, summary.count, ...summaryColumns(summary))),
          update(updates) {
            for (const update of updates) updateOne(update);
          },
        }
      : undefined;
  return {
    now,
    find: (experimentId, kind, name) => selectItem.get(experimentId, kind, name),
    async findMetrics(experimentId, names) {
      const found = new Map<string, ItemRecord>();
      if (selectMetrics) {
        for (const row of await selectMetrics.all(experimentId, [...names])) found.set(row.name, row);
        return found;
      }
      for (const name of names) {
        const row = await selectItem.get(experimentId, 'metric', name);
        if (row) found.set(name, row);
      }
      return found;
    },
    insert: async (experimentId, kind, name, summary) => Number(await insertItem.get(experimentId, kind, name, summary.count, ...summaryColumns(summary))),
    async update(updates) {
      if (!updateItems || updates.length <= 1) {
        for (const update of updates) await updateItem.run(update);
        return;
      }
      await updateItems.run(...summaryArrays(updates));
    },
  };
}

/** Distinct sets of changed columns whose UPDATE is kept prepared; past it, a summary is written whole. */
const MAX_UPDATE_FORMS = 64;

/** The write of one summary over its row: its count and the summary columns that differ from `stored` (all without it). */
interface ChangedColumnsUpdate {
  run(update: SummaryUpdate): Promise<unknown>;
  /** SQLite only: the same, synchronous. */
  now: ((update: SummaryUpdate) => void) | undefined;
}

/**
 * Creates the update of summaries that sets only the columns that changed: SQLite rewrites the entry of every index
 * holding a column the UPDATE sets, changed or not, and a metric's minimum and maximum (their indexes, migration 037)
 * and often its last number stay as they were from one value to the next.
 */
function createChangedColumnsUpdate(db: Sql): ChangedColumnsUpdate {
  const forms = new Map<number, Statement>();
  const formOf = (mask: number): Statement => {
    let form = forms.get(mask);
    if (!form) {
      const set = COLUMNS.filter((_, index) => (mask & (1 << index)) !== 0).map((column) => `, ${column} = ?`);
      form = db.prepare(`UPDATE logged_items SET value_count = ?${set.join('')} WHERE id = ?`);
      if (forms.size < MAX_UPDATE_FORMS) forms.set(mask, form);
    }
    return form;
  };
  const ALL = (1 << COLUMNS.length) - 1;
  /** The statement and parameters of one update. */
  const plan = ({ id, summary, stored }: SummaryUpdate): [Statement, unknown[]] => {
    const values = summaryColumns(summary);
    if (!stored || db.dialect !== 'sqlite') return [formOf(ALL), [summary.count, ...values, id]];
    const before = summaryColumns(stored);
    let mask = 0;
    const params: unknown[] = [summary.count];
    for (let index = 0; index < values.length; index += 1) {
      const value = values[index];
      if (value === before[index]) continue;
      mask |= 1 << index;
      params.push(value);
    }
    params.push(id);
    return [formOf(mask), params];
  };
  return {
    run: (update) => {
      const [statement, params] = plan(update);
      return statement.run(...params);
    },
    now:
      db.dialect === 'sqlite'
        ? (update) => {
            const [statement, params] = plan(update);
            (statement.now as ImmediateStatement).run(...params);
          }
        : undefined,
  };
}
