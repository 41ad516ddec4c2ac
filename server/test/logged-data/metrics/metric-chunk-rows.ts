import type { Sql } from '../../../src/database/sql.ts';
import { seqAt, unpackPoints } from '../../../src/logged-data/metrics/point-chunks.ts';

/** One stored metric point as its chunk row holds it, with its series name and arrival number. */
export interface PointRow {
  name: string;
  step: number;
  timestamp: number;
  seq: number;
  value: string;
  epoch: number | null;
  context: string | null;
}

/** Every point of an experiment unpacked from its chunk rows, ordered by name, step, timestamp and seq. */
export async function pointRowsOf(db: Sql, experimentId: number): Promise<PointRow[]> {
  const chunks = await db
    .prepare<[number], { name: string; first_seq: number; points: string }>(
      `SELECT i.name, p.first_seq, p.points FROM metric_point_chunks p JOIN logged_items i ON i.id = p.item_id WHERE i.experiment_id = ?`,
    )
    .all(experimentId);
  const rows: PointRow[] = [];
  for (const chunk of chunks) {
    const columns = unpackPoints(chunk.first_seq, chunk.points);
    columns.steps.forEach((step, index) => {
      rows.push({
        name: chunk.name,
        step,
        timestamp: columns.timestamps[index] as number,
        seq: seqAt(columns, index),
        value: columns.values[index] as string,
        epoch: columns.epochs?.[index] ?? null,
        context: columns.contexts?.[index] ?? null,
      });
    });
  }
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.step - b.step || a.timestamp - b.timestamp || a.seq - b.seq);
}
