import type { Sql } from '../database/sql.ts';

/** One output line to append; a line without an offset goes after every line stored so far. */
export interface OutputLineInput {
  output: string;
  /** True for standard error (the clients' meaning of the flag). */
  stderr: boolean;
  localTimestamp: number;
  offset: number | null;
}

/** Storage of an experiment's output lines. */
export interface LoggedOutputStore {
  append(experimentId: number, context: string | null, lines: readonly OutputLineInput[]): Promise<void>;
  /** The largest offset stored, or null when the experiment has no output yet. */
  maxOffset(experimentId: number): Promise<number | null>;
  /** The lines joined as sent, ordered by offset then arrival; `stderr` keeps one stream only. */
  text(experimentId: number, stderr?: boolean): Promise<string>;
}

/** Console text as stored: a NUL character (a program printing binary) becomes U+FFFD, as a terminal shows it unprintable. */
const printable = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text);

/** Creates the output store over a database. */
export function createLoggedOutputStore(db: Sql): LoggedOutputStore {
  const maxOffset = db.prepare<[number], number | null>('SELECT max(line_offset) FROM output_lines WHERE experiment_id = ?').pluck();
  const insert = db.prepare(
    'INSERT INTO output_lines (experiment_id, line_offset, stderr, local_timestamp, context, output) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const all = db.prepare<[number], string>('SELECT output FROM output_lines WHERE experiment_id = ? ORDER BY line_offset, id').pluck();
  const oneStream = db
    .prepare<[number, number], string>('SELECT output FROM output_lines WHERE experiment_id = ? AND stderr = ? ORDER BY line_offset, id')
    .pluck();
  const append = (experimentId: number, context: string | null, lines: readonly OutputLineInput[]) => db.transaction(async () => {
    let top = lines.some((line) => line.offset === null) ? (await maxOffset.get(experimentId) ?? -1) : -1;
    for (const line of lines) {
      const offset = line.offset ?? top + 1;
      top = Math.max(top, offset);
      await insert.run(experimentId, offset, line.stderr ? 1 : 0, line.localTimestamp, context, printable(line.output));
    }
  });
  return {
    append: (experimentId, context, lines) => append(experimentId, context, lines),
    maxOffset: async (experimentId) => await maxOffset.get(experimentId) ?? null,
    text: async (experimentId, stderr) =>
      (stderr === undefined ? await all.all(experimentId) : await oneStream.all(experimentId, stderr ? 1 : 0)).join(''),
  };
}
