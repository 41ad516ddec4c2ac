import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { TableFormat } from '../../../shared/media/tables.ts';
import { unreadable } from './unreadable.ts';

/** The most bytes of a JSON records file read into memory (JSON has no row boundaries to stream by). */
export const JSON_TABLE_LIMIT_BYTES = 32 * 1024 * 1024;

/** What a scan calls for each data row (after the header): answer false to stop reading the file there. */
export type RowVisitor = (row: string[], index: number) => boolean;

/** How a scan ended: the header, how many data rows it saw, and whether it read the whole file. */
export interface ScanResult {
  columns: string[];
  rowsSeen: number;
  complete: boolean;
}

/**
 * Reads a table's rows in order from a stream of its bytes, calling `visit` for each (papaparse, streaming: a CSV or
 * TSV is never held whole, and reading stops as soon as `visit` answers false). A file that is not a table throws 422.
 */
export function scanTable(source: Readable, format: TableFormat, visit: RowVisitor): Promise<ScanResult> {
  return format === 'json' ? scanJsonRecords(source, visit) : scanDelimited(source, format === 'tsv' ? '\t' : ',', visit);
}

/** Streams CSV/TSV through papaparse row by row; the first row names the columns. */
function scanDelimited(source: Readable, delimiter: string, visit: RowVisitor): Promise<ScanResult> {
  source.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let columns: string[] | undefined;
    let rowsSeen = 0;
    let failure: Error | undefined;
    let stopped = false;
    const stop = (parser: Papa.Parser, error?: Error) => {
      failure = error;
      stopped = true;
      parser.abort();
      source.destroy();
    };
    Papa.parse<string[]>(source as unknown as Papa.LocalFile, {
      delimiter,
      skipEmptyLines: 'greedy',
      step: (results, parser) => {
        if (stopped) return;
        const problem = results.errors[0];
        const line = rowsSeen + (columns ? 2 : 1);
        if (problem) return stop(parser, unreadable(`Row ${line}: ${problem.message}.`));
        const row = results.data;
        if (!columns) {
          columns = row;
          return;
        }
        if (row.length !== columns.length) return stop(parser, unreadable(`Row ${line} has ${row.length} fields where the header has ${columns.length}.`));
        if (!visit(row, rowsSeen++)) stop(parser);
      },
      complete: () => (failure ? reject(failure) : resolve({ columns: columns ?? [], rowsSeen, complete: !stopped })),
      error: (error: Error) => reject(unreadable(`The file cannot be read as a table: ${error.message}.`)),
    });
    // Blob streams start paused (they flow once piped): papaparse only listens for data.
    source.resume();
  });
}

/** Reads JSON records (`[{column: value, …}, …]`, as pandas' `to_json(orient="records")` writes) up to the size limit. */
async function scanJsonRecords(source: Readable, visit: RowVisitor): Promise<ScanResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > JSON_TABLE_LIMIT_BYTES) {
      source.destroy();
      throw unreadable(`JSON tables over ${JSON_TABLE_LIMIT_BYTES} bytes are not shown: save it as CSV to browse it.`);
    }
    chunks.push(chunk as Buffer);
  }
  let records: unknown;
  try {
    records = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw unreadable(`The file is not valid JSON: ${(error as Error).message}.`);
  }
  if (!Array.isArray(records) || !records.every((record) => record !== null && typeof record === 'object' && !Array.isArray(record))) {
    throw unreadable('The JSON is not a list of records (objects of column → value).');
  }
  const columns = [...new Set((records as Record<string, unknown>[]).flatMap((record) => Object.keys(record)))];
  let rowsSeen = 0;
  for (const record of records as Record<string, unknown>[]) {
    if (!visit(columns.map((column) => cellText(record[column])), rowsSeen++)) return { columns, rowsSeen, complete: false };
  }
  return { columns, rowsSeen, complete: true };
}

/** A JSON value as the text of a cell: strings as they are, nothing as empty, anything else as JSON. */
function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
