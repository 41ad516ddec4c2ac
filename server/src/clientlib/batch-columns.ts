/** A JSON primitive, as a batch item's fields hold them. */
type Primitive = string | number | boolean | null;

/**
 * One field of the items, for every item that has the common fields: all null, all numbers (sent as a
 * Float64Array, transferred without a copy), all strings (each distinct string once, and an index per item),
 * or anything else as it is.
 */
export type Column =
  | { kind: 'null' }
  | { kind: 'number'; values: Float64Array }
  | { kind: 'words'; words: string[]; indices: Uint32Array }
  | { kind: 'any'; values: Primitive[] };

/**
 * A batch's `values` as a decoding thread sends them: the items that are objects with the first object's fields
 * (same names in the same order, primitive values) as columns, and every other item as it is, by index. Cheaper to
 * pass between threads than the objects (numbers are not cloned one by one, repeated names travel once).
 */
export interface ColumnBatch {
  /** Items in all. */
  count: number;
  /** The common fields, in the order of the first object. */
  keys: string[];
  /** One column per key. */
  columns: Column[];
  /** The index in `values` of each columnar item (the columns' row order). */
  rows: Uint32Array;
  /** Every other item with its index. */
  others: [number, unknown][];
}

/** The value of `column` in row `row`. */
function cell(column: Column, row: number): Primitive {
  switch (column.kind) {
    case 'null':
      return null;
    case 'number':
      return column.values[row] as number;
    case 'words':
      return column.words[column.indices[row] as number] as string;
    case 'any':
      return column.values[row] as Primitive;
  }
}

/** The fields of a metric item in the order the SDK sends them (clients.md B.5). */
const METRIC_FIELDS = ['metricName', 'metricValue', 'step', 'epoch', 'context', 'timestamp'];

const hasFields = (keys: readonly string[], fields: readonly string[]) => keys.length === fields.length && keys.every((key, index) => key === fields[index]);

/** Builds the columnar items into `items`: metric items by one object literal (fields set one by one by name cost five times more). */
function buildRows(batch: ColumnBatch, items: unknown[]): void {
  const { keys, columns, rows } = batch;
  if (hasFields(keys, METRIC_FIELDS)) {
    const [name, value, step, epoch, context, timestamp] = columns as [Column, Column, Column, Column, Column, Column];
    for (let row = 0; row < rows.length; row += 1) {
      items[rows[row] as number] = {
        metricName: cell(name, row),
        metricValue: cell(value, row),
        step: cell(step, row),
        epoch: cell(epoch, row),
        context: cell(context, row),
        timestamp: cell(timestamp, row),
      };
    }
    return;
  }
  for (let row = 0; row < rows.length; row += 1) {
    const item: Record<string, Primitive> = {};
    for (let field = 0; field < keys.length; field += 1) item[keys[field] as string] = cell(columns[field] as Column, row);
    items[rows[row] as number] = item;
  }
}

/** The items again, each object with its fields in the order JSON.parse gave them. */
export function itemsOf(batch: ColumnBatch): unknown[] {
  const items = new Array<unknown>(batch.count);
  buildRows(batch, items);
  for (const [index, item] of batch.others) items[index] = item;
  return items;
}
